import { spawn, type ChildProcess } from "node:child_process";

// The benchmarks run the app (or a bare server) as a process of its own, so the process driving
// the load does not share its event loop.

/**
 * Starts `node args…` and resolves once its output matches `ready` (whose first group is the port).
 * From then on its output (a log line per request) is drained, not kept: keeping it would make the
 * benchmark's own process slower with every request.
 */
export function startProcess(args: string[], env: Record<string, string>, ready = /running at http:\/\/127\.0\.0\.1:(\d+)/): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (!match) return;
      child.stdout!.off("data", onData);
      child.stderr!.off("data", onData);
      child.stdout!.resume();
      child.stderr!.resume();
      resolve({ child, port: Number(match[1]) });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`process exited (${code}):\n${output}`)));
  });
}

/** Stops a started process and waits until it has gone. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGINT"): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}
