// 'Go Back' on the 404 and error pages when the referring page is unknown
// (components/not-found.tsx renders it hidden): the browser's history.
import { within, type Behaviour } from "./behaviour";

export const enhanceGoBack: Behaviour = (root) => {
  const buttons = within<HTMLButtonElement>(root, "button[data-go-back]");
  const back = () => window.history.back();
  for (const button of buttons) {
    button.hidden = false;
    button.addEventListener("click", back);
  }
  return () => {
    for (const button of buttons) {
      button.hidden = true;
      button.removeEventListener("click", back);
    }
  };
};
