/**
 * The Copy buttons of the paper pages' Cite section. The page's content is
 * server HTML that is not hydrated (see SiteLayout), so one delegated click
 * listener serves every `<button data-copy="<id>">`: it copies the text of
 * the element with that id, shows "Copied" on the button for a moment and
 * announces it through the page's `#copy-status` live region. Where the
 * Clipboard API is missing (a page served over plain HTTP) or refused, the
 * text is selected instead, so the visitor can copy it with the keyboard.
 * The words are the page's language's (`copy.*`, embedded in the page).
 */
import type { Translate } from '../i18n/messages';

const COPIED_FOR_MS = 2000;

function announce(message: string) {
  const status = document.getElementById('copy-status');
  if (status) status.textContent = message;
}

function select(element: Element) {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

async function copy(button: HTMLButtonElement, t: Translate) {
  const source = document.getElementById(button.dataset.copy ?? '');
  if (!source) return;
  const what = button.dataset.copyWhat ?? 'Text';
  try {
    await navigator.clipboard.writeText(source.textContent ?? '');
  } catch {
    select(source);
    announce(t('copy.unavailable', { what }));
    return;
  }
  const buttonLabel = button.querySelector('[data-copy-label]');
  if (buttonLabel) buttonLabel.textContent = t('copy.copied');
  button.dataset.copied = 'true';
  announce(t('copy.done', { what }));
  window.setTimeout(() => {
    if (buttonLabel) buttonLabel.textContent = t('copy.copy');
    delete button.dataset.copied;
  }, COPIED_FOR_MS);
}

export function enableCopyButtons(t: Translate) {
  document.addEventListener('click', (event) => {
    const target = event.target;
    const button = target instanceof Element ? target.closest('button[data-copy]') : null;
    if (button instanceof HTMLButtonElement) void copy(button, t);
  });
}
