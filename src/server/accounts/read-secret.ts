import { createInterface } from 'node:readline';

/**
 * Reads a secret for a command-line script: asked for without echo in a terminal, or the first
 * line of standard input when it is piped (empty when nothing is piped).
 */
export async function readSecret(
  prompt: string,
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stderr,
): Promise<string> {
  if (!input.isTTY) {
    let text = '';
    for await (const chunk of input) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const reader = createInterface({ input, output, terminal: true });
  // Echo nothing of what is typed; the prompt itself is written once.
  const muted = reader as unknown as { _writeToOutput: (text: string) => void };
  output.write(prompt);
  muted._writeToOutput = () => undefined;
  try {
    return await new Promise<string>((resolve) => reader.question('', resolve));
  } finally {
    reader.close();
    output.write('\n');
  }
}
