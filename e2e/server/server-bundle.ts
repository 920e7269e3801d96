import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/**
 * The server the browser tests start, built once per run into one file: under `tsx` each of the 13 servers spent about
 * 9 s of processor time compiling and loading the sources, 5 s from the built file. It lives beside the server's own
 * node_modules, so its packages resolve as they do under `tsx`. Path from the repository's root.
 */
export const SERVER_BUNDLE = 'apps/server/dist/e2e-server.mjs';

export async function buildServerBundle(root: string): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: ['apps/server/src/main.ts'],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // The server ends, as on a signal, when its standard input closes: when the test process that started it has ended,
    // however it ended, no server is left holding its port (e2e/server/own-server.ts).
    banner: { js: "process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM')); process.stdin.resume();" },
    plugins: [
      {
        name: 'workspace-sources',
        setup(b) {
          // Packages load from node_modules as they are; only the workspace's own TypeScript is built in.
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@sm/') ? undefined : { external: true }));
          // Each source keeps its own import.meta.url (the migrations folder, the built web app), as under tsx.
          b.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => ({
            contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
            loader: path.endsWith('x') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
}
