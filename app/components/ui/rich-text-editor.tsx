import TextAlign from "@tiptap/extension-text-align";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  Bold,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  Underline,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { cn } from "~/utils/cn";
import { FieldError } from "./field-error";

// A small rich-text editor (TipTap) for stored HTML fields: product descriptions, extra info,
// e-mail templates. Spec: minimum height 200 px; bold, italic, underline, lists, alignment,
// quote, and a link whose URL is asked for in a prompt. The HTML it produces is sanitized again
// by the server on save (sanitizeRichText), so this editor is a convenience, not a defence.
//
// SSR-safe: the editor is created in the browser only (immediatelyRender: false); the server
// renders the label, the toolbar and an empty box of the same size.

export type RichTextEditorProps = {
  /** The id of the editable area; the label points at it. */
  id: string;
  /** The HTML shown; an empty editor reports "". */
  value: string;
  onChange: (html: string) => void;
  label: string;
  /** When given, a hidden input with this name carries the HTML in a plain form submission. */
  name?: string;
  /** An error message shown under the editor and linked to it. */
  error?: string;
};

type ToolbarState = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  align: "left" | "center" | "right";
};

const INITIAL_STATE: ToolbarState = {
  bold: false,
  italic: false,
  underline: false,
  bulletList: false,
  orderedList: false,
  blockquote: false,
  link: false,
  align: "left",
};

/** What the link prompt accepts: http(s), mailto and tel; a bare domain gets https://. */
export function normaliseLinkUrl(input: string): string | null {
  const url = input.trim();
  if (!url) return null;
  if (/^(https?:|mailto:|tel:)/i.test(url)) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null; // javascript:, data: ... refused
  if (url.startsWith("/") || url.startsWith("#")) return url;
  return `https://${url}`;
}

export function RichTextEditor({ id, value, onChange, label, name, error }: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  // The latest onChange, so the editor (created once) never calls a stale callback.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, defaultProtocol: "https" },
      }),
      TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right"] }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(error ? { "aria-invalid": "true", "aria-describedby": errorId } : {}),
        class: "rich-text min-h-[200px] px-3 py-2 text-sm focus:outline-none",
      },
    },
    onUpdate: ({ editor: current }) => {
      onChangeRef.current(current.isEmpty ? "" : current.getHTML());
    },
  });

  // A new value from outside (another record opened, a form reset) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || "", { emitUpdate: false });
  }, [editor, value]);

  const state =
    useEditorState({
      editor,
      selector: ({ editor: e }): ToolbarState => {
        if (!e) return INITIAL_STATE;
        return {
          bold: e.isActive("bold"),
          italic: e.isActive("italic"),
          underline: e.isActive("underline"),
          bulletList: e.isActive("bulletList"),
          orderedList: e.isActive("orderedList"),
          blockquote: e.isActive("blockquote"),
          link: e.isActive("link"),
          align: e.isActive({ textAlign: "center" }) ? "center" : e.isActive({ textAlign: "right" }) ? "right" : "left",
        };
      },
    }) ?? INITIAL_STATE;

  return (
    <div>
      <span id={labelId} className="block text-sm font-medium text-slate-800" onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      <div
        className={cn(
          "mt-1 overflow-hidden rounded-md border bg-white shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30",
          error ? "border-red-600" : "border-slate-300",
        )}
      >
        <Toolbar editor={editor} state={state} label={label} />
        {editor ? (
          <EditorContent editor={editor} />
        ) : (
          // Before the editor exists (server render, first paint): the stored HTML is not shown
          // unsanitized here, only an empty box of the same height.
          <div className="min-h-[200px]" aria-hidden />
        )}
      </div>
      {name ? <input type="hidden" name={name} value={value} /> : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

function Toolbar({ editor, state, label }: { editor: Editor | null; state: ToolbarState; label: string }) {
  const run = (command: (e: Editor) => void) => () => {
    if (editor) command(editor);
  };

  const editLink = (e: Editor) => {
    const previous = (e.getAttributes("link").href as string | undefined) ?? "";
    const answer = window.prompt("URL del enlace (dejalo vacío para quitarlo)", previous || "https://");
    if (answer === null) return; // cancelled
    const url = normaliseLinkUrl(answer);
    const chain = e.chain().focus().extendMarkRange("link");
    if (!url || url === "https://") chain.unsetLink().run();
    else chain.setLink({ href: url }).run();
  };

  const buttons: { label: string; icon: LucideIcon; active: boolean; onClick: () => void }[] = [
    { label: "Negrita", icon: Bold, active: state.bold, onClick: run((e) => e.chain().focus().toggleBold().run()) },
    {
      label: "Cursiva",
      icon: Italic,
      active: state.italic,
      onClick: run((e) => e.chain().focus().toggleItalic().run()),
    },
    {
      label: "Subrayado",
      icon: Underline,
      active: state.underline,
      onClick: run((e) => e.chain().focus().toggleUnderline().run()),
    },
    {
      label: "Lista con viñetas",
      icon: List,
      active: state.bulletList,
      onClick: run((e) => e.chain().focus().toggleBulletList().run()),
    },
    {
      label: "Lista numerada",
      icon: ListOrdered,
      active: state.orderedList,
      onClick: run((e) => e.chain().focus().toggleOrderedList().run()),
    },
    {
      label: "Alinear a la izquierda",
      icon: AlignLeft,
      active: state.align === "left",
      onClick: run((e) => e.chain().focus().setTextAlign("left").run()),
    },
    {
      label: "Centrar",
      icon: AlignCenter,
      active: state.align === "center",
      onClick: run((e) => e.chain().focus().setTextAlign("center").run()),
    },
    {
      label: "Alinear a la derecha",
      icon: AlignRight,
      active: state.align === "right",
      onClick: run((e) => e.chain().focus().setTextAlign("right").run()),
    },
    {
      label: "Cita",
      icon: Quote,
      active: state.blockquote,
      onClick: run((e) => e.chain().focus().toggleBlockquote().run()),
    },
    { label: "Enlace", icon: LinkIcon, active: state.link, onClick: run(editLink) },
  ];

  return (
    <div
      role="toolbar"
      aria-label={`Formato de ${label}`}
      className="flex flex-wrap gap-0.5 border-b border-slate-200 bg-slate-50 p-1"
    >
      {buttons.map((b) => (
        <button
          key={b.label}
          type="button"
          title={b.label}
          aria-label={b.label}
          aria-pressed={b.active}
          disabled={!editor}
          onClick={b.onClick}
          className={cn(
            "inline-flex size-9 items-center justify-center rounded text-slate-700 hover:bg-slate-200 disabled:opacity-50",
            b.active && "bg-brand-100 text-brand-700",
          )}
        >
          <b.icon aria-hidden className="size-4" />
        </button>
      ))}
    </div>
  );
}
