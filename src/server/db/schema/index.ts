export * from './accounts';
export * from './catalogue';
export * from './orders';
export * from './quotes';
export * from './storefront';
export * from './system';
export * from './audit';
export * from './privacy';
