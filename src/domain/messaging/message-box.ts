// Which key presses submit the message box: Enter sends, Shift+Enter is a new line, and nothing
// is sent while an input method is still composing a character.

export type KeyFacts = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  /** True while an input method is composing (e.g. Japanese); Enter then confirms the composition. */
  isComposing: boolean;
};

export type KeyAction = "submit" | "default";

/** Something to send: anything but whitespace. */
export function hasContent(text: string): boolean {
  return text.trim().length > 0;
}

/**
 * Ctrl/Cmd+Enter submits a non-empty box; with submit-on-enter, Enter without Shift does too.
 * Everything else (Shift+Enter, an empty box, composing) keeps the key's normal meaning.
 */
export function keyAction(key: KeyFacts, options: { submitOnEnter: boolean; text: string }): KeyAction {
  if (key.key !== "Enter" || key.isComposing || !hasContent(options.text)) return "default";
  if (key.ctrlKey || key.metaKey) return "submit";
  return options.submitOnEnter && !key.shiftKey ? "submit" : "default";
}
