/**
 * The public pages' JavaScript budget: 80 KB gzip for everything a public page
 * loads (the entry and the chunks it imports, React included). The page
 * content is server HTML that the browser keeps as it is (see SiteLayout), so
 * the budget holds however many pages and components the site grows.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BUDGET_BYTES = 80 * 1024;
const webRoot = fileURLToPath(new URL('../..', import.meta.url));
let outDir: string;
let publicFiles: string[] = [];

type Chunk = { file: string; imports?: string[] };

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'vita-client-'));
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: webRoot,
      configFile: join(webRoot, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('public JavaScript', () => {
  it('stays within 80 KB gzip, React included', () => {
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit('src/public/main.tsx');
    publicFiles = [...files];
    expect(files.size).toBeGreaterThan(0);
    const sizes = [...files].map((file) => gzipSync(readFileSync(join(outDir, file))).length);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(total, `${[...files].join(', ')}: ${sizes.join(' + ')} bytes`).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('does not ship the page components (their content stays server HTML)', () => {
    expect(publicFiles.length).toBeGreaterThan(0);
    const code = publicFiles.map((file) => readFileSync(join(outDir, file), 'utf8')).join('\n');
    expect(code).toContain('frame.skip_to_content'); // the frame is there
    for (const text of ['Featured Publications', 'No projects available yet.', 'Open Calls for Proposals', 'Apply Now']) {
      expect(code).not.toContain(text);
    }
  });

  it('carries no message catalogue: the page brings the words of its language', () => {
    const code = publicFiles.map((file) => readFileSync(join(outDir, file), 'utf8')).join('\n');
    for (const text of ['Skip to main content', 'Zum Hauptinhalt springen', '跳到主要内容', 'news.empty']) {
      expect(code).not.toContain(text);
    }
  });

  it("does not ship the admin's rich-text editor", () => {
    const code = publicFiles.map((file) => readFileSync(join(outDir, file), 'utf8')).join('\n');
    // Tiptap's editor view names its element class 'ProseMirror'; minified code keeps the string.
    expect(code).not.toContain('ProseMirror');
  });
});
