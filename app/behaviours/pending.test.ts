// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { enhancePending, type FormRouter } from "./pending";

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = `
    <form action="/login" method="post">
      <input name="email" value="demo@swiftparcel.example">
      <button type="submit" name="intent" value="sign-in" data-pending="Signing in..."><span>Sign In</span></button>
      <button type="submit" name="intent" value="demo">Demo</button>
      <button type="submit" name="intent" value="later" disabled>Later</button>
    </form>
    <form action="/profile" method="post">
      <button type="submit" name="intent" value="profile" data-pending="">Save</button>
    </form>`;
});
const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
});
function enhance(root: Element | Document, router?: FormRouter) {
  const undo = enhancePending(root, router);
  stops.push(undo);
  return undo;
}
// What a form's own script does with its submit event (a check, a router): it runs before the
// listeners added by the tests' enhancePending, like React's, which listens on the document.
function onSubmitting(handle: (event: SubmitEvent) => void) {
  document.addEventListener("submit", handle as EventListener);
  stops.push(() => document.removeEventListener("submit", handle as EventListener));
}

const button = (value: string) => document.querySelector<HTMLButtonElement>(`[value=${value}]`)!;
const submitWith = (pressed: HTMLButtonElement) =>
  pressed.form!.dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: pressed }));

function fakeRouter() {
  const sending = new Set<() => void>();
  const answered = new Set<() => void>();
  const router: FormRouter = {
    onSending: (listener) => (sending.add(listener), () => sending.delete(listener)),
    onAnswered: (listener) => (answered.add(listener), () => answered.delete(listener)),
  };
  return {
    router,
    send: () => sending.forEach((listener) => listener()),
    answer: () => answered.forEach((listener) => listener()),
    listeners: () => sending.size + answered.size,
  };
}

describe("enhancePending, a submission nothing cancelled (the browser sends it)", () => {
  test("once the browser has read the form, the button says so and the form takes no second click", () => {
    enhance(document);
    submitWith(button("sign-in"));
    // The browser reads the form after the event: the button is still enabled, so its name and value are sent.
    expect(button("sign-in").disabled).toBe(false);
    expect(new FormData(button("sign-in").form!, button("sign-in")).get("intent")).toBe("sign-in");
    vi.runAllTimers();
    expect(button("sign-in").textContent).toBe("Signing in...");
    expect(button("sign-in").disabled).toBe(true);
    expect(button("demo").disabled).toBe(true);
    expect(button("demo").textContent).toBe("Demo");
  });

  test("an empty data-pending keeps the button's own words", () => {
    enhance(document);
    submitWith(button("profile"));
    vi.runAllTimers();
    expect(button("profile").textContent).toBe("Save");
    expect(button("profile").disabled).toBe(true);
  });

  test("a button without data-pending is left alone, and so is its form", () => {
    enhance(document);
    submitWith(button("demo"));
    vi.runAllTimers();
    expect(button("demo").textContent).toBe("Demo");
    expect(button("demo").disabled).toBe(false);
    expect(button("sign-in").disabled).toBe(false);
  });

  test("shown again from the browser's cache, the buttons are as they were, with their own content", () => {
    enhance(document);
    const label = button("sign-in").firstChild;
    submitWith(button("sign-in"));
    vi.runAllTimers();
    window.dispatchEvent(new Event("pageshow"));
    expect(button("sign-in").textContent).toBe("Sign In");
    expect(button("sign-in").firstChild).toBe(label);
    expect(button("sign-in").disabled).toBe(false);
    expect(button("demo").disabled).toBe(false);
    // It was disabled before: it stays so.
    expect(button("later").disabled).toBe(true);
  });
});

describe("enhancePending, a cancelled submission", () => {
  test("cancelled by a check that refused the form, the buttons are left as they were", () => {
    onSubmitting((event) => event.preventDefault());
    enhance(document);
    submitWith(button("sign-in"));
    vi.runAllTimers();
    expect(button("sign-in").textContent).toBe("Sign In");
    expect(button("sign-in").disabled).toBe(false);
    expect(button("demo").disabled).toBe(false);
  });

  test("sent by the page's router, the button says so as the router starts, and comes back with the answer", () => {
    const fake = fakeRouter();
    let read: FormData | undefined;
    let enabledWhenRead = false;
    onSubmitting((event) => {
      event.preventDefault();
      read = new FormData(event.target as HTMLFormElement, event.submitter);
      enabledWhenRead = !event.submitter!.hasAttribute("disabled");
      fake.send();
    });
    enhance(document, fake.router);
    const label = button("sign-in").firstChild;
    submitWith(button("sign-in"));
    expect(read?.get("intent")).toBe("sign-in");
    expect(enabledWhenRead).toBe(true);
    expect(button("sign-in").textContent).toBe("Signing in...");
    expect(button("sign-in").disabled).toBe(true);
    expect(button("demo").disabled).toBe(true);
    vi.runAllTimers();
    expect(button("sign-in").textContent).toBe("Signing in...");

    fake.answer();
    expect(button("sign-in").firstChild).toBe(label);
    expect(button("sign-in").textContent).toBe("Sign In");
    expect(button("sign-in").disabled).toBe(false);
    expect(button("demo").disabled).toBe(false);
    expect(button("later").disabled).toBe(true);
  });

  test("refused by a check on such a page, the buttons stay as they were, whatever the router sends afterwards", () => {
    const fake = fakeRouter();
    onSubmitting((event) => event.preventDefault());
    enhance(document, fake.router);
    submitWith(button("sign-in"));
    // Another form of the page (a fetcher) sends after the event.
    fake.send();
    vi.runAllTimers();
    fake.send();
    expect(button("sign-in").textContent).toBe("Sign In");
    expect(button("sign-in").disabled).toBe(false);
  });
});

describe("enhancePending, undone", () => {
  test("gives the buttons back and stops watching the forms and the router", () => {
    const fake = fakeRouter();
    const undo = enhance(document.body, fake.router);
    submitWith(button("sign-in"));
    vi.runAllTimers();
    undo();
    expect(fake.listeners()).toBe(0);
    expect(button("sign-in").textContent).toBe("Sign In");
    expect(button("sign-in").disabled).toBe(false);
    submitWith(button("sign-in"));
    vi.runAllTimers();
    expect(button("sign-in").textContent).toBe("Sign In");
  });
});
