// Where the server render spends its time, at the level of JavaScript functions: runs the
// built SSR bundle (web/dist/ssr/entry.js) on the render inputs that
// `cargo bench --bench pages -- --dump-inputs DIR` writes, in Node without its JIT (closest
// to the interpreter QuickJS is), and prints the mean time per render. Profile with
//
//   node --jitless --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-ssr.mjs DIR home 300
//
// and open the .cpuprofile in a browser's performance panel.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';

const [dir, page = 'home', runs = '200'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node bench/profile-ssr.mjs INPUT_DIR [page] [runs]');
  process.exit(2);
}
const bundle = readFileSync(new URL('../web/dist/ssr/entry.js', import.meta.url), 'utf8');
const input = readFileSync(join(dir, `${page}.json`), 'utf8');

const context = vm.createContext({});
vm.runInContext('delete globalThis.Intl;', context); // as in QuickJS
vm.runInContext(bundle, context, { filename: 'entry.js' });
const render = vm.runInContext('vitaRender', context);

for (let i = 0; i < 20; i++) render(input); // warm-up
const started = process.hrtime.bigint();
for (let i = 0; i < Number(runs); i++) render(input);
const ms = Number(process.hrtime.bigint() - started) / 1e6 / Number(runs);
console.log(`${page}: ${ms.toFixed(3)} ms per render (${runs} runs)`);
