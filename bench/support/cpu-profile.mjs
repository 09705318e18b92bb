// Loaded with NODE_OPTIONS="--import <this file>" (Node refuses --cpu-prof there): profiles the whole
// process with the inspector and writes a .cpuprofile into $CPU_PROFILE_DIR when it exits.
// Plain JavaScript, so it loads before any TypeScript loader.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  // A session on the process's own thread answers synchronously, so this works in an exit handler.
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(dir, `platform-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
