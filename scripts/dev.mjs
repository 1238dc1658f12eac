#!/usr/bin/env node
// `npm run dev`: the API server in watch mode on :8080 and Vite's dev server on :5173
// (which proxies /api to the API). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const children = [
  spawn(bin('tsx'), ['watch', 'server/main.ts'], { stdio: 'inherit' }),
  spawn(bin('vite'), [], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
