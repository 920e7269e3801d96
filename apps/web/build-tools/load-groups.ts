import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Rolldown, type Rollup } from 'vite';

/** A set of modules to bundle into one file: what `from` loads statically, less what earlier groups took. */
export interface LoadGroup {
  name: string;
  /** The entry (index.html's script) or a module the app imports dynamically, relative to the web app's root. */
  from: string;
}

function closureOf(chunks: Map<string, Rollup.OutputChunk>, start: Rollup.OutputChunk): Set<string> {
  const modules = new Set<string>();
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const chunk = queue.pop()!;
    if (seen.has(chunk.fileName)) continue;
    seen.add(chunk.fileName);
    for (const [id, m] of Object.entries(chunk.modules)) if (m.renderedLength > 0) modules.add(id);
    for (const file of chunk.imports) {
      const next = chunks.get(file);
      if (next) queue.push(next);
    }
  }
  return modules;
}

/**
 * Works out, with a first bundling pass that writes nothing, which modules each group's root loads before it can run
 * (its chunk and every chunk that chunk imports statically), after tree-shaking, and answers the real build's
 * `codeSplitting.groups`: each group one file, a module in the first group that loads it. Left to the automatic
 * splitting, the modules shared in different combinations by the start, the signed-in frame and the pages came in
 * dozens of files of a few hundred bytes, each costing a request and a kilobyte of headers.
 */
export async function loadGroups(root: string, groups: LoadGroup[]): Promise<Rolldown.CodeSplittingGroup[]> {
  const output = (await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    // Without the module-preload polyfill: it stays in the entry's own file, which must keep some code of its own.
    build: { write: false, minify: false, reportCompressedSize: false, modulePreload: { polyfill: false } },
  })) as Rollup.RolldownOutput | Rollup.RolldownOutput[];
  const outputs = Array.isArray(output) ? output : [output];
  const chunks = new Map<string, Rollup.OutputChunk>();
  for (const o of outputs) for (const c of o.output) if (c.type === 'chunk') chunks.set(c.fileName, c);
  const taken = new Set<string>();
  return groups.map((group, i) => {
    const from = resolve(root, group.from);
    const start = [...chunks.values()].find((c) => c.facadeModuleId === from || (c.isEntry && c.moduleIds.includes(from)));
    if (!start) throw new Error(`No chunk starts at ${group.from}: is it still the entry or imported dynamically?`);
    const own = new Set([...closureOf(chunks, start)].filter((id) => !taken.has(id)));
    for (const id of own) taken.add(id);
    // Earlier groups first; a module's own dependencies stay where their own group or the automatic splitting puts them.
    return { name: group.name, test: (id: string) => own.has(id), priority: groups.length - i, includeDependenciesRecursively: false };
  });
}
