// `npm run dev`: rebuild browser assets on change and restart the server when server code changes.
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "scripts/build-assets.ts", "--watch"], { stdio: "inherit" }),
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "--include", "views/**/*", "src/main.ts"], { stdio: "inherit" }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
