// Stack log lines: `HH:MM:SS service | message`, to stdout (the supervisor's log file in the
// background, the terminal in `dev`).
export function log(service: string, message: string) {
  const time = new Date().toISOString().slice(11, 19);
  process.stdout.write(`${time} ${service.padEnd(9)} | ${message}\n`);
}
