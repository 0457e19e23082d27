// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { enhancePending } from "./pending";

beforeEach(() => {
  vi.useFakeTimers();
  document.body.innerHTML = `
    <form action="/login" method="post">
      <button type="submit" name="intent" value="sign-in" data-pending="Signing in..."><span>Sign In</span></button>
      <button type="submit" name="intent" value="demo">Demo</button>
    </form>`;
});
let undo: () => void = () => {};
afterEach(() => {
  undo();
  vi.useRealTimers();
});

const signIn = () => document.querySelector<HTMLButtonElement>("[value=sign-in]")!;
const demo = () => document.querySelector<HTMLButtonElement>("[value=demo]")!;

function submitWith(button: HTMLButtonElement) {
  const event = new Event("submit", { bubbles: true, cancelable: true }) as SubmitEvent;
  Object.defineProperty(event, "submitter", { value: button });
  // The page stays: only the behaviour is under test, not the browser's navigation.
  event.preventDefault();
  button.form!.dispatchEvent(event);
}

describe("enhancePending", () => {
  test("a busy button says so and takes no second click, once the submission has started", () => {
    undo = enhancePending(document);
    submitWith(signIn());
    // Not at once: the button's name and value must still be sent.
    expect(signIn().textContent).toBe("Sign In");
    expect(signIn().disabled).toBe(false);
    vi.runAllTimers();
    expect(signIn().textContent).toBe("Signing in...");
    expect(signIn().disabled).toBe(true);
  });

  test("a button without data-pending is left alone", () => {
    undo = enhancePending(document);
    submitWith(demo());
    vi.runAllTimers();
    expect(demo().textContent).toBe("Demo");
    expect(demo().disabled).toBe(false);
  });

  test("shown again from the browser's cache, the buttons are ready again, with their own content", () => {
    undo = enhancePending(document);
    const label = signIn().firstChild;
    submitWith(signIn());
    vi.runAllTimers();
    window.dispatchEvent(new Event("pageshow"));
    expect(signIn().textContent).toBe("Sign In");
    expect(signIn().firstChild).toBe(label);
    expect(signIn().disabled).toBe(false);
  });

  test("undoing gives the buttons back and stops watching the forms", () => {
    undo = enhancePending(document.body);
    submitWith(signIn());
    vi.runAllTimers();
    undo();
    undo = () => {};
    expect(signIn().textContent).toBe("Sign In");
    expect(signIn().disabled).toBe(false);
    submitWith(signIn());
    vi.runAllTimers();
    expect(signIn().textContent).toBe("Sign In");
  });
});
