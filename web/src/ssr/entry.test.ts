/**
 * The SSR bundle as the server runs it: built from source with the project's
 * Vite config (`vite build --ssr src/ssr/entry.tsx`), then evaluated
 *
 *  - in a bare Node `vm` context: no TextEncoder, MessageChannel, timers,
 *    queueMicrotask, console or Intl, no module loader, and
 *  - in QuickJS-ng compiled to WebAssembly, the engine family the `vita`
 *    binary embeds through rquickjs.
 *
 * Both must define `vitaRender` and produce the same page.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import variant from '@jitl/quickjs-ng-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSContext } from 'quickjs-emscripten-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderInput } from '../api/types';
import { emptyInputs, filledInputs, homeInput, notFoundInput, tagAndFilterInputs } from '../testing/fixtures';

const webRoot = fileURLToPath(new URL('../..', import.meta.url));
let outDir: string;
let bundle: string;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'vita-ssr-'));
  // Vitest sets NODE_ENV=test, which would select React's development JSX
  // runtime; build exactly as `npm run build` does.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { ssr: 'src/ssr/entry.tsx', outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  bundle = readFileSync(join(outDir, 'entry.js'), 'utf8');
}, 60_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

type Output = { head: string; body: string };

/** Evaluates the bundle as a classic script (so any leftover import/export
 *  fails) in a context holding only the ECMAScript built-ins minus Intl. */
function renderInBareContext(input: RenderInput): Output {
  const context = vm.createContext({});
  vm.runInContext('delete globalThis.Intl;', context);
  expect(vm.runInContext('typeof TextEncoder + typeof MessageChannel + typeof setTimeout + typeof Intl', context)).toBe(
    'undefinedundefinedundefinedundefined',
  );
  vm.runInContext(bundle, context, { filename: 'entry.js' });
  const output = vm.runInContext(`vitaRender(${JSON.stringify(JSON.stringify(input))})`, context) as Output;
  return { head: output.head, body: output.body };
}

function unwrap(context: QuickJSContext, result: ReturnType<QuickJSContext['evalCode']>): unknown {
  if (result.error) {
    const error: unknown = context.dump(result.error);
    result.error.dispose();
    throw new Error(`QuickJS: ${JSON.stringify(error)}`);
  }
  const value: unknown = context.dump(result.value);
  result.value.dispose();
  return value;
}

async function renderInQuickJs(inputs: RenderInput[]): Promise<Output[]> {
  const quickjs = await newQuickJSWASMModuleFromVariant(variant);
  const runtime = quickjs.newRuntime();
  const context = runtime.newContext();
  try {
    unwrap(context, context.evalCode(bundle, 'entry.js', { type: 'module' }));
    runtime.executePendingJobs();
    return inputs.map((input) => {
      const output = unwrap(context, context.evalCode(`vitaRender(${JSON.stringify(JSON.stringify(input))})`));
      runtime.executePendingJobs();
      return output as Output;
    });
  } finally {
    context.dispose();
    runtime.dispose();
  }
}

describe('SSR bundle (dist/ssr/entry.js)', () => {
  it('is one self-contained script: no import/export, no require, no Node globals needed', () => {
    expect(bundle).not.toMatch(/^\s*(import|export)\b/m);
    expect(bundle).not.toMatch(/\bimport\s*\(/);
    expect(bundle).not.toMatch(/\brequire\s*\(/);
    expect(bundle).not.toMatch(/process\.env/);
    expect(bundle).not.toMatch(/\bIntl\./);
  });

  it('renders in a bare JavaScript context without the web APIs or Intl', () => {
    const home = renderInBareContext(homeInput());
    expect(home.head).toContain('<title>Home — Dr. Jane Doe</title>');
    expect(home.head).toContain('<link rel="canonical" href="https://jane.example.org/">');
    expect(home.body).toMatch(/<h1[^>]*>Dr\. Jane Doe<\/h1>/);
    expect(home.body).toContain('View Publications');

    const notFound = renderInBareContext(notFoundInput());
    expect(notFound.body).toContain('Oops! Page not found');
    expect(notFound.body).toContain('Return to Home');
  });

  it('renders in QuickJS the same HTML as in V8', async () => {
    const inputs = [
      homeInput(),
      homeInput({ google_scholar_url: 'https://scholar.example.com/jane', cv_url: '/cv.pdf', name: 'Åsa Öberg 😀' }),
      notFoundInput(),
    ];
    const outputs = await renderInQuickJs(inputs);
    expect(outputs).toEqual(inputs.map(renderInBareContext));
    expect(outputs[1]?.body).toContain('Åsa Öberg 😀');
    expect(outputs[1]?.body).toContain('Google Scholar');
    expect(outputs[2]?.head).toContain('<title>Page not found — Dr. Jane Doe</title>');
  });

  it('renders every public page in QuickJS the same as in V8', async () => {
    const inputs = [...filledInputs(), ...emptyInputs(), ...tagAndFilterInputs()];
    const outputs = await renderInQuickJs(inputs);
    expect(outputs).toEqual(inputs.map(renderInBareContext));
    // Dates and the 'Soon' marker come from the helpers, not Intl.
    const openCalls = outputs[inputs.findIndex((input) => input.path === '/open-calls')];
    expect(openCalls?.body).toContain('March 20, 2025');
    expect(openCalls?.body).toContain('>Soon<');
    expect(openCalls?.body).toContain('June 30, 2025');
  });
});
