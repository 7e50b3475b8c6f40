import ejs from "ejs";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "#lib/templates.server.ts";

// The views' `<%= %>` escaping: exactly EJS's own, so a page reads the same whichever escapes it.
describe("escaping a value for a page", () => {
  it.each([
    ["plain text", "Pennine Haulage", "Pennine Haulage"],
    ["a script", "<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"],
    ["an attribute breaker", `" onmouseover="x`, "&#34; onmouseover=&#34;x"],
    ["an ampersand already escaped", "Smith &amp; Sons", "Smith &amp;amp; Sons"],
    ["every special at once", `&<>"'`, "&amp;&lt;&gt;&#34;&#39;"],
    ["a number", 42, "42"],
    ["zero", 0, "0"],
    ["false", false, "false"],
    ["nothing", undefined, ""],
    ["null", null, ""],
    ["the empty text", "", ""],
  ])("%s", (_case, value, escaped) => {
    expect(escapeHtml(value)).toBe(escaped);
    expect(escapeHtml(value)).toBe(ejs.escapeXML(value as string));
  });
});
