// The hostile-input suite's map of the app: every route with an action (from the server build's
// route manifest, so a new action is covered without touching the suite), and the POST forms
// the pages render for it (read from their HTML), with each control's kind and bounds.
import type { ServerBuild } from "@remix-run/cloudflare";

export type ActionRoute = {
  id: string;
  /** The address pattern, `/admin/shipments/:id/status`; index routes end in `?index`. */
  pattern: string;
  params: string[];
};

/** Every route of the build that exports an action, with the address it answers at. */
export function actionRoutes(build: ServerBuild): ActionRoute[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const byId = new Map(routes.map((route) => [route.id, route]));
  const fullPath = (id: string | undefined): string[] => {
    const route = id ? byId.get(id) : undefined;
    if (!route) return [];
    return [...fullPath(route.parentId), ...(route.path ? [route.path] : [])];
  };
  return routes
    .filter((route) => typeof route.module.action === "function")
    .map((route) => {
      const path = `/${fullPath(route.id).join("/")}`;
      const params = [...path.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? "*");
      return { id: route.id, pattern: route.index ? `${path}?index` : path, params };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

export type ControlKind =
  | "hidden"
  | "text"
  | "email"
  | "password"
  | "tel"
  | "number"
  | "date"
  | "checkbox"
  | "radio"
  | "select"
  | "textarea"
  | "other";

export type FormControl = {
  name: string;
  kind: ControlKind;
  /** The value the page put there (an input's, a checkbox's, a select's selected option, a textarea's text). */
  value: string;
  /** A select's or radio group's choices. */
  options: string[];
  required: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
};

export type PageForm = {
  /** Where the form posts: path and query, as rendered. */
  action: string;
  controls: FormControl[];
  /** Submit buttons that carry a name (the action's intent). */
  buttons: { name: string; value: string }[];
};

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) found.set(match[1]!.toLowerCase(), decode(match[2] ?? ""));
  return found;
}

function numberAttribute(attrs: Map<string, string>, name: string): number | undefined {
  const value = attrs.get(name);
  return value === undefined || value === "" || Number.isNaN(Number(value)) ? undefined : Number(value);
}

const INPUT_KINDS = new Set<ControlKind>(["hidden", "text", "email", "password", "tel", "number", "date", "checkbox", "radio"]);

/** A control's tag (and a select's or textarea's body) that names `formId` in its form attribute: it belongs to that form wherever it stands. */
function associatedMarkup(html: string, formId: string): string {
  const owner = `\\bform="${formId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"`;
  const tags = new RegExp(`<(input|button)\\b[^>]*${owner}[^>]*>|<(select|textarea)\\b[^>]*${owner}[^>]*>[\\s\\S]*?<\\/\\2>`, "g");
  return [...html.matchAll(tags)].map(([tag]) => tag).join("");
}

/**
 * The POST forms of a page, keyed by nothing: each with its action resolved against `pageUrl`.
 * A form's controls are those inside it and those elsewhere on the page that name it (`form=`);
 * a submit button with `formmethod="post"` posts the same controls to its own `formaction`, so a
 * GET form with such a button is a POST form too.
 */
export function postForms(html: string, pageUrl: string): PageForm[] {
  const forms: PageForm[] = [];
  for (const [, openTag, body] of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const attrs = attributes(openTag!);
    const id = attrs.get("id");
    const inner = id ? body! + associatedMarkup(html, id) : body!;
    const { controls, buttons } = controlsOf(inner);
    const own = new URL(attrs.get("action") || pageUrl, pageUrl);
    const actions = (attrs.get("method") ?? "get").toLowerCase() === "post" ? [own] : [];
    for (const [, tag] of inner.matchAll(/<button\b([^>]*)>/g)) {
      const button = attributes(tag!);
      if ((button.get("type") ?? "submit").toLowerCase() === "submit" && button.get("formmethod")?.toLowerCase() === "post") {
        actions.push(new URL(button.get("formaction") || own.href, pageUrl));
      }
    }
    for (const target of actions) forms.push({ action: target.pathname + target.search, controls, buttons });
  }
  return forms;
}

/** The controls and named submit buttons of a form's markup. */
function controlsOf(inner: string): Pick<PageForm, "controls" | "buttons"> {
  const controls: FormControl[] = [];
  const buttons: PageForm["buttons"] = [];
  const radios = new Map<string, FormControl>();
  for (const [, tag] of inner.matchAll(/<input\b([^>]*)>/g)) {
    const input = attributes(tag!);
    const name = input.get("name");
    if (!name) continue;
    const type = (input.get("type") ?? "text").toLowerCase();
    if (type === "submit") {
      buttons.push({ name, value: input.get("value") ?? "" });
      continue;
    }
    const kind: ControlKind = INPUT_KINDS.has(type as ControlKind) ? (type as ControlKind) : type === "search" || type === "url" ? "text" : "other";
    if (kind === "radio") {
      const group = radios.get(name);
      if (group) group.options.push(input.get("value") ?? "on");
      else radios.set(name, { name, kind, value: "", options: [input.get("value") ?? "on"], required: input.has("required") });
      continue;
    }
    controls.push({
      name,
      kind,
      value: input.get("value") ?? (kind === "checkbox" ? "on" : ""),
      options: [],
      required: input.has("required"),
      maxLength: numberAttribute(input, "maxlength"),
      min: numberAttribute(input, "min"),
      max: numberAttribute(input, "max"),
    });
  }
  controls.push(...radios.values());
  for (const [, tag, body] of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const select = attributes(tag!);
    const name = select.get("name");
    if (!name) continue;
    const choices = [...body!.matchAll(/<option\b([^>]*)>([^<]*)/g)].map(([, optionTag, label]) => {
      const option = attributes(optionTag!);
      return { value: option.get("value") ?? decode(label!), selected: option.has("selected") };
    });
    const options = choices.map((choice) => choice.value);
    // What the browser would send untouched: the selected option, or the first.
    const value = (choices.find((choice) => choice.selected) ?? choices[0])?.value ?? "";
    controls.push({ name, kind: "select", value, options, required: select.has("required") });
  }
  for (const [, tag, text] of inner.matchAll(/<textarea\b([^>]*)>([^<]*)<\/textarea>/g)) {
    const textarea = attributes(tag!);
    const name = textarea.get("name");
    if (!name) continue;
    controls.push({
      name,
      kind: "textarea",
      value: decode(text!).replace(/^\n/, ""),
      options: [],
      required: textarea.has("required"),
      maxLength: numberAttribute(textarea, "maxlength"),
    });
  }
  for (const [, tag] of inner.matchAll(/<button\b([^>]*)>/g)) {
    const button = attributes(tag!);
    const type = (button.get("type") ?? "submit").toLowerCase();
    const name = button.get("name");
    if (type === "submit" && name) buttons.push({ name, value: button.get("value") ?? "" });
  }
  return { controls, buttons };
}
