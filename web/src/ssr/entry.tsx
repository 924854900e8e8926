/**
 * Server-render bundle, evaluated by QuickJS inside the `vita` binary (built to
 * dist/ssr/entry.js: one self-contained script, no imports or exports). It
 * defines
 *
 *   globalThis.vitaRender(inputJson: string): { head: string; body: string }
 *
 * which takes a `RenderInput` as JSON and returns the object as it is (the
 * server reads its two strings; turning a long page into JSON and back would
 * cost more than the parse): `body` goes inside <div id="root">, `head` inside
 * <head>. The server embeds the
 * input's path, site and page kind as JSON in <script type="application/json"
 * id="vita-data">, which is all the browser needs to hydrate the frame.
 */
import './shims'; // first: React's server build needs TextEncoder/MessageChannel at load
import type { RenderInput } from '../api/types';
import { render, type RenderOutput } from './render';

declare global {
  var vitaRender: ((inputJson: string) => RenderOutput) | undefined;
}

globalThis.vitaRender = (inputJson: string): RenderOutput => render(JSON.parse(inputJson) as RenderInput);
