import { describe, expect, it } from "vitest";
import { hasContent, keyAction, type KeyFacts } from "#domain/messaging/message-box.ts";

const key = (facts: Partial<KeyFacts>): KeyFacts => ({ key: "Enter", ctrlKey: false, metaKey: false, shiftKey: false, isComposing: false, ...facts });

describe("message box keys", () => {
  it.each([
    ["Ctrl+Enter with text", key({ ctrlKey: true }), false, "Hello", "submit"],
    ["Cmd+Enter with text", key({ metaKey: true }), false, "Hello", "submit"],
    ["Ctrl+Enter on an empty box", key({ ctrlKey: true }), false, "", "default"],
    ["Cmd+Enter on whitespace only", key({ metaKey: true }), true, "  \n ", "default"],
    ["Enter without submit-on-enter", key({}), false, "Hello", "default"],
    ["Enter with submit-on-enter", key({}), true, "Hello", "submit"],
    ["Shift+Enter with submit-on-enter", key({ shiftKey: true }), true, "Hello", "default"],
    ["Enter with submit-on-enter on an empty box", key({}), true, "", "default"],
    ["Enter while an input method composes", key({ isComposing: true }), true, "こんにちは", "default"],
    ["another key", key({ key: "a", ctrlKey: true }), true, "Hello", "default"],
  ] as const)("%s → %s", (_name, facts, submitOnEnter, text, expected) => {
    expect(keyAction(facts, { submitOnEnter, text })).toBe(expected);
  });

  it.each([
    ["", false],
    [" \t\n", false],
    ["x", true],
    ["  hi  ", true],
  ])("%j has content: %s", (text, expected) => {
    expect(hasContent(text)).toBe(expected);
  });
});
