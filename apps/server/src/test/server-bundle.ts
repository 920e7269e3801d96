import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SERVER_ROOT = resolve(import.meta.dirname, '../..');

/**
 * The server the tests start as a process of its own (the browser tests' group servers, the API tests' restarts and
 * kills), built once per run into one file: under `tsx` a start took 8 to 10 s of processor time compiling and
 * loading the sources, 5 to 7 s from the built file. It is written into the server's `dist/`, beside the server's own
 * node_modules, so its packages resolve as they do under `tsx`; each source keeps its own `import.meta.url` (the
 * migrations folder, the built web app). The server ends, as on a signal, when its standard input closes: started with
 * a pipe there, it never outlives the test process that started it, however that ended. Answers the file's path.
 */
export async function buildServerBundle(name: string): Promise<string> {
  const outfile = resolve(SERVER_ROOT, 'dist', name);
  const { outputFiles } = await build({
    entryPoints: [resolve(SERVER_ROOT, 'src/main.ts')],
    outfile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: { js: "process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM')); process.stdin.resume();" },
    plugins: [
      {
        name: 'workspace-sources',
        setup(b) {
          // Packages load from node_modules as they are; only the workspace's own TypeScript is built in.
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@sm/') ? undefined : { external: true }));
          b.onLoad({ filter: /\.ts$/ }, async ({ path }) => ({
            contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  mkdirSync(dirname(outfile), { recursive: true });
  // Written whole, then renamed: a run beside this one may be starting a server from the same file.
  writeFileSync(`${outfile}.${process.pid}`, outputFiles[0]!.contents);
  renameSync(`${outfile}.${process.pid}`, outfile);
  return outfile;
}
