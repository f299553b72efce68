import { sharedFieldDescriptors } from '../../shared/field-messages';
import { knowFieldMessages } from './field-message-registry';

// Imported for its effect by every module that shows a form field's error (field-message-registry.ts):
// the shared fields' messages become known to `useT().said` by their ids.
knowFieldMessages(sharedFieldDescriptors);
