// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { enhanceStepForms, SAVE_DELAY_MS } from "./step-form";

const PAGE = `
  <form method="post" action="/dashboard/create-shipment?step=1" data-step-form="">
    <input type="hidden" name="step" value="1">
    <label for="name">Full name</label>
    <input id="name" name="senderName" required aria-invalid="true" aria-describedby="name-error" value="">
    <ul id="name-error"><li>Sender name is required</li></ul>
    <label for="country">Country</label>
    <select id="country" name="senderCountry">
      <option value="">Choose a country</option><option value="US" data-phone-code="+1">United States</option><option value="DE" data-phone-code="+49">Germany</option>
    </select>
    <label for="phone">Phone</label>
    <input id="phone" name="senderPhone" type="tel" data-phone-country="country" aria-describedby="phone-help" value="">
    <p id="phone-help"><span data-phone-help="{{code}} se añade delante por ti." data-phone-help-none="El prefijo del país se añade delante por ti.">El prefijo del país se añade delante por ti.</span></p>
    <label for="currency">Currency</label>
    <select id="currency" name="currency" data-currency=""><option value="USD" selected>USD</option><option value="EUR">EUR</option></select>
    <p>In <span data-currency-code="">USD</span>, the currency chosen above.</p>
    <button type="submit" name="intent" value="refresh" data-without-js="">Update estimate</button>
    <button type="submit" name="intent" value="next" id="next">Next</button>
  </form>
  <p data-follows-draft="totals">1 item, 0 kg in all</p>
  <section data-follows-draft="estimate"><p>The estimate appears once both countries and a weight are entered.</p></section>`;

const answer = (estimate: string, totals = "1 item, 3 kg in all") =>
  `<!DOCTYPE html><html><body><main><p data-follows-draft="totals">${totals}</p><section data-follows-draft="estimate"><p>${estimate}</p><p data-without-js="">Press Update estimate.</p></section></main></body></html>`;

let undo: () => void;
beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = PAGE;
});
afterEach(() => {
  undo?.();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const element = <T = HTMLElement>(selector: string) => document.querySelector(selector) as T;
function type(selector: string, value: string, kind = "input") {
  const control = element<HTMLInputElement>(selector);
  control.value = value;
  control.dispatchEvent(new Event(kind, { bubbles: true }));
}

describe("enhanceStepForms", () => {
  test("hides what only a page without JavaScript needs", () => {
    undo = enhanceStepForms(document);
    expect(element("[data-without-js]").hidden).toBe(true);
  });

  test("saves what is typed 300 ms after the last change, as the form sends it, and shows the answer's estimate and totals", async () => {
    const fetch = vi.fn(async () => new Response(answer("Total $40.58")));
    vi.stubGlobal("fetch", fetch);
    undo = enhanceStepForms(document);
    type("#name", "R");
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    type("#name", "Robin");
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(url).pathname + new URL(url).search).toBe("/dashboard/create-shipment?step=1");
    expect(init.method).toBe("POST");
    const body = new URLSearchParams(init.body as URLSearchParams);
    expect(body.get("intent")).toBe("save");
    expect(body.get("senderName")).toBe("Robin");
    expect(body.get("step")).toBe("1");
    await vi.waitFor(() => expect(element('[data-follows-draft="estimate"]').textContent).toContain("Total $40.58"));
    expect(element('[data-follows-draft="totals"]').textContent).toBe("1 item, 3 kg in all");
    // The answer's part for pages without JavaScript stays hidden.
    expect(element('[data-follows-draft="estimate"] [data-without-js]').hidden).toBe(true);
  });

  test("a refused save leaves the estimate as it was", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(answer("Total $1.00"), { status: 400 })));
    undo = enhanceStepForms(document);
    type("#name", "Robin");
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    await vi.advanceTimersByTimeAsync(0);
    expect(element('[data-follows-draft="estimate"]').textContent).toContain("The estimate appears");
  });

  test("a step sent while a save is on its way waits for it, then goes with the button pressed", async () => {
    let finish: (response: Response) => void = () => undefined;
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>((resolve) => (finish = resolve))));
    undo = enhanceStepForms(document);
    const sent: (string | null)[] = [];
    const form = element<HTMLFormElement>("form");
    form.addEventListener("submit", (event) => {
      if (!event.defaultPrevented) sent.push((event.submitter as HTMLButtonElement | null)?.value ?? null);
      event.preventDefault();
    });
    type("#name", "Robin");
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    form.requestSubmit(element<HTMLButtonElement>("#next"));
    expect(sent).toEqual([]);
    finish(new Response(answer("Total $2.00")));
    await vi.waitFor(() => expect(sent).toEqual(["next"]));
  });

  test("a step sent while a save only waits drops the save", async () => {
    const fetch = vi.fn(async () => new Response(answer("")));
    vi.stubGlobal("fetch", fetch);
    undo = enhanceStepForms(document);
    const form = element<HTMLFormElement>("form");
    let sent = 0;
    form.addEventListener("submit", (event) => {
      if (!event.defaultPrevented) sent += 1;
      event.preventDefault();
    });
    type("#name", "Robin");
    form.requestSubmit(element<HTMLButtonElement>("#next"));
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS * 2);
    expect(sent).toBe(1);
    expect(fetch).not.toHaveBeenCalled();
  });

  test("a field's message goes once the field passes its constraints, and stays while it does not", () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(answer(""))));
    undo = enhanceStepForms(document);
    type("#name", "");
    expect(element("#name-error").hidden).toBe(false);
    type("#name", "Robin Tester");
    expect(element("#name-error").hidden).toBe(true);
    expect(element("#name").hasAttribute("aria-invalid")).toBe(false);
  });

  test("the phone keeps digits, spaces and hyphens, and its help follows the country in the page's words", () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(answer(""))));
    undo = enhanceStepForms(document);
    type("#country", "US", "change");
    expect(element("#phone-help").textContent).toBe("+1 se añade delante por ti.");
    type("#phone", "+1 (415) 555-0134");
    expect(element<HTMLInputElement>("#phone").value).toBe("415 555-0134");
    type("#country", "", "change");
    expect(element("#phone-help").textContent).toBe("El prefijo del país se añade delante por ti.");
  });

  test("the currency chosen is named where the form says the values' currency", () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(answer(""))));
    undo = enhanceStepForms(document);
    type("#currency", "EUR", "change");
    expect(element("[data-currency-code]").textContent).toBe("EUR");
  });

  test("undone, it saves nothing more", async () => {
    const fetch = vi.fn(async () => new Response(answer("")));
    vi.stubGlobal("fetch", fetch);
    enhanceStepForms(document)();
    type("#name", "Robin");
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
    expect(fetch).not.toHaveBeenCalled();
  });
});
