import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ejs from "ejs";
import { asset } from "#lib/assets.server.ts";
import * as format from "#lib/format.server.ts";

const VIEWS = path.resolve("views");
// Each view is compiled once, with its includes found then, except in development (NODE_ENV unset
// or "development"), where every render reads the files again so an edited view shows on reload.
// Tests keep them too, so they run the very path production runs.
const keepCompiled = (process.env.NODE_ENV ?? "development") !== "development";

export type Locals = Record<string, unknown>;
type Render = (locals: Locals) => string;

// EJS's own `include` costs a rendered page more than it should: each call looks for the file again
// (existsSync on each candidate path) and copies every local into a new object (the formatters, the
// user, the page's data: dozens of keys, for each row of a list). Here each template is compiled once
// and its includes are found once: those written as plain strings as it is compiled, any other on its
// first use, then remembered. An include's locals are a new object whose prototype is the includer's
// locals, holding only what the include passes: nothing is copied, and the include still cannot change
// its includer's locals (an assignment lands on the include's own object). Templates see the same
// names either way, `locals.x` included; only `Object.keys(locals)` would differ, and no view uses it.
//
// How: a template's code runs inside `with (locals)`, so a name the locals hold wins over ejs's own
// helpers. Each template's locals hold `include`, this module's, made for that template (it finds
// names from that template's folder). ejs is told to use the locals as given (unsafePrototypeLocals)
// rather than copy them: its copy guards against a polluted Object.prototype, which these locals
// never reach, since the chain always ends in the null-prototype object renderView makes.
const compiled = new Map<string, Render>();

/** `name` as ejs finds it: beside the including file first, then under views/; `.ejs` added. */
function includePath(from: string, name: string): string | undefined {
  const file = name.endsWith(".ejs") ? name : `${name}.ejs`;
  const beside = path.resolve(path.dirname(from), file);
  if (existsSync(beside)) return beside;
  const underViews = path.resolve(VIEWS, file.replace(/^\/+/, ""));
  return existsSync(underViews) ? underViews : undefined;
}

// `include("shared/_x"` or `include('_y'`: the literal first argument of an include call.
const LITERAL_INCLUDE = /\binclude\(\s*(["'])([^"'`$]+?)\1/g;

const HTML_SPECIAL = /[&<>'"]/;
const HTML_SPECIALS = /[&<>'"]/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" };

/**
 * `<%= value %>`: EJS's own escaping (the same five entities), except that text with nothing to
 * escape, most of a page, is given back as it is instead of through a replace with a callback.
 */
export function escapeHtml(value: unknown): string {
  if (value === undefined || value === null) return "";
  const text = String(value);
  return HTML_SPECIAL.test(text) ? text.replace(HTML_SPECIALS, (char) => ENTITIES[char]!) : text;
}

function compile(file: string): Render {
  const source = readFileSync(file, "utf8");
  // ejs 7's option, missing from @types/ejs.
  const options: ejs.Options & { unsafePrototypeLocals: boolean } = { filename: file, unsafePrototypeLocals: true, escape: escapeHtml };
  const body = ejs.compile(source, options) as Render;
  const includes = new Map<string, Render>();
  const found = (name: string): Render => {
    let render = includes.get(name);
    if (!render) {
      const target = includePath(file, name);
      if (!target) throw new Error(`Could not find the include file "${name}" (from ${path.relative(VIEWS, file)})`);
      render = template(target);
      if (keepCompiled) includes.set(name, render);
    }
    return render;
  };
  // Literal includes are found now; each is compiled on its first use (a partial may include itself,
  // as a tree does). One that cannot be found fails where it is used, as with ejs.
  if (keepCompiled) {
    for (const [, , name] of source.matchAll(LITERAL_INCLUDE)) {
      const target = includes.has(name!) ? undefined : includePath(file, name!);
      if (target) includes.set(name!, lazily(() => template(target)));
    }
  }
  return (locals) => {
    locals.include = (name: string, data?: Locals) => found(name)(data ? Object.assign(Object.create(locals) as Locals, data) : (Object.create(locals) as Locals));
    return body(locals);
  };
}

/** A render that compiles its template on first use. */
function lazily(find: () => Render): Render {
  let render: Render | undefined;
  return (locals) => (render ??= find())(locals);
}

/** The compiled template of a file (compiled once and kept, but in development). */
function template(file: string): Render {
  if (!keepCompiled) return compile(file);
  let render = compiled.get(file);
  if (!render) {
    render = compile(file);
    compiled.set(file, render);
  }
  return render;
}

/** Renders views/<view>.ejs with these locals, later ones winning (copied once, into an object with no prototype, as ejs does). */
export function renderView(view: string, ...locals: object[]): string {
  return template(path.join(VIEWS, `${view}.ejs`))(Object.assign(Object.create(null) as Locals, ...locals));
}

/**
 * The app's view engine (`app.engine("ejs", …)`): Express hands it the file and a fresh object of
 * locals (the app's, then the call's), which is used as it is, its prototype dropped as ejs's copy would.
 */
export function renderFileForExpress(file: string, locals: object, done: (error: Error | null, html?: string) => void): void {
  let html: string;
  try {
    html = template(file)(Object.setPrototypeOf(locals, null) as Locals);
  } catch (error) {
    return done(error as Error);
  }
  done(null, html);
}

/**
 * A partial rendered without a request, for broadcasts. Pages render the same partial (their
 * Turbo Stream answers use this very function), so what arrives live matches what a reload shows.
 * Such partials must not depend on who is looking: the browser adapts them (e.g. "mine" styling).
 */
export function renderTemplate(view: string, locals: Locals = {}): Promise<string> {
  try {
    return Promise.resolve(renderView(view, format, { asset }, locals));
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
