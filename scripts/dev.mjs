// `npm run dev`: the server from source in watch mode (restarted on every change under src/), and
// Vite's dev server with hot reload, whose /api requests go to that server's port (PORT, 3000 by
// default). Open the address Vite prints. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const env = {
  ...process.env,
  PORT: port,
  DEV_API_PORT: port,
  LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
  // Links in e-mails lead to the page Vite serves.
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
};
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch-path=src', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children)
  child.once('exit', (code) => {
    stop();
    process.exitCode ||= code ?? 0;
  });
