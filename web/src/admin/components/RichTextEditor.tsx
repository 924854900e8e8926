/**
 * A rich-text field (Tiptap) for content stored as HTML: a labelled editing
 * area with a small toolbar (bold, italic, bullet list, numbered list, link,
 * undo, redo). `value` and `onChange` carry HTML; the server sanitises what it
 * stores, so the editor needs no cleaning of its own. An empty document comes
 * out as '<p></p>' (see `isEmptyRichText` in the open call form).
 *
 * The editing area is a contenteditable element, which a <label for> cannot
 * name, so it is a textbox named by `aria-labelledby` and described by the
 * hint and error like any FormField control. `ref` gets `focus()`, so
 * react-hook-form can move focus here when the server rejects the field.
 *
 * Admin only: Tiptap must never be imported by the public pages (their
 * JavaScript budget, src/public/budget.test.ts).
 */
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Italic, Link2, List, ListOrdered, Redo2, Undo2, type IconComponent } from '../../components/icons';
import { useEffect, useId, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { FieldError } from '../../components/ui/form-field';
import { cn } from '../../lib/cn';

export type RichTextEditorHandle = { focus: () => void };

// One extension list for every editor: links are edited, not followed; no empty paragraph is
// appended after a closing list (Enter on an empty item leaves a list), so the HTML is what was typed.
const EXTENSIONS = [StarterKit.configure({ link: { openOnClick: false, defaultProtocol: 'https' }, trailingNode: false })];

const AREA_CLASS =
  'min-h-32 px-3 py-2 text-sm leading-relaxed outline-none ' +
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li>p]:my-0 [&_p]:my-1 ' +
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_h1]:text-xl [&_h2]:text-lg [&_h3]:font-semibold ' +
  '[&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3';

/** A link address as typed: kept when it has a scheme, otherwise taken as a web address. */
function linkHref(typed: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`;
}

/** Asks for the link's address; an empty answer removes the link, Cancel changes nothing. */
function editLink(editor: Editor) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const answer = window.prompt('Link URL', current);
  if (answer === null) return;
  const typed = answer.trim();
  const chain = editor.chain().focus().extendMarkRange('link');
  if (typed === '') {
    chain.unsetLink().run();
    return;
  }
  const href = linkHref(typed);
  if (editor.state.selection.empty && !editor.isActive('link')) {
    // Nothing selected: the address itself becomes the linked text.
    chain.insertContent({ type: 'text', text: typed, marks: [{ type: 'link', attrs: { href } }] }).run();
  } else {
    chain.setLink({ href }).run();
  }
}

function ToolbarButton({
  label,
  icon: Icon,
  pressed,
  disabled = false,
  onClick,
}: {
  label: string;
  icon: IconComponent;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors',
        'hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
        'disabled:pointer-events-none disabled:opacity-40 aria-pressed:bg-accent aria-pressed:text-accent-foreground',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of formatting buttons, not form fields to put in a <fieldset>; tests find it by role="group" and its label
    <div role="group" aria-label={`${label} formatting`} className="flex flex-wrap items-center gap-0.5 border-b border-input p-1">
      <ToolbarButton label="Bold" icon={Bold} pressed={state.bold} onClick={() => editor.chain().focus().toggleBold().run()} />
      <ToolbarButton label="Italic" icon={Italic} pressed={state.italic} onClick={() => editor.chain().focus().toggleItalic().run()} />
      <ToolbarButton
        label="Bullet list"
        icon={List}
        pressed={state.bulletList}
        onClick={() => editor.chain().focus().toggleBulletList().run()}
      />
      <ToolbarButton
        label="Numbered list"
        icon={ListOrdered}
        pressed={state.orderedList}
        onClick={() => editor.chain().focus().toggleOrderedList().run()}
      />
      <ToolbarButton label="Link" icon={Link2} pressed={state.link} onClick={() => editLink(editor)} />
      <span aria-hidden="true" className="mx-1 h-5 w-px bg-border" />
      <ToolbarButton label="Undo" icon={Undo2} disabled={!state.canUndo} onClick={() => editor.chain().focus().undo().run()} />
      <ToolbarButton label="Redo" icon={Redo2} disabled={!state.canRedo} onClick={() => editor.chain().focus().redo().run()} />
    </div>
  );
}

export function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  hint,
  error,
  ref,
  className,
}: {
  label: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  hint?: string;
  error?: string | undefined;
  ref?: Ref<RichTextEditorHandle>;
  className?: string;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const invalid = Boolean(error);

  // The editor reads its content once; later changes of `value` arrive through the effect below.
  const [initialContent] = useState(value);
  // Kept stable between renders: a new object would make Tiptap re-apply its options every time.
  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-invalid': String(invalid),
        class: AREA_CLASS,
      },
    }),
    [id, labelId, describedBy, invalid],
  );
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editorProps,
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // A new value from outside (the form was reset or prefilled) replaces the document;
  // the editor's own changes come back equal and are left alone.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if (value === editor.getHTML() || (value === '' && editor.isEmpty)) return;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(ref, () => ({ focus: () => editor?.commands.focus() }), [editor]);

  return (
    <div className={cn('grid gap-2', className)}>
      {/* Not a <label>: nothing here is labelable; a click still moves into the editor. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: mouse-only convenience like a <label> click; keyboard users Tab into the editor, which is named by this text via aria-labelledby */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the text is not focusable, so there is no key event to handle; the editor itself takes the keyboard focus */}
      <span id={labelId} className="text-sm leading-none font-medium" onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      <div
        className={cn(
          'min-w-0 rounded-lg border border-input bg-background text-foreground shadow-xs transition-[border-color]',
          'focus-within:border-ring has-[[contenteditable]:focus-visible]:outline-2 has-[[contenteditable]:focus-visible]:outline-offset-1 has-[[contenteditable]:focus-visible]:outline-ring',
          invalid && 'border-destructive',
        )}
      >
        {editor ? <Toolbar editor={editor} label={label} /> : null}
        <EditorContent editor={editor} />
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} messages={error ? [error] : []} />
    </div>
  );
}
