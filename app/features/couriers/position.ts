// The phone's coordinates with a status update, when the courier allows it: a button that
// appears only where the browser can tell its position, fills the form's two hidden fields and
// says so. Without JavaScript, or when refused, the update goes without coordinates.
import { within, type Behaviour } from "~/behaviours/behaviour";

export const POSITION_ADDED = "Position added";
export const POSITION_REFUSED = "No position: the update goes without it.";

export const enhancePosition: Behaviour = (root) => {
  if (typeof navigator === "undefined" || !("geolocation" in navigator)) return () => {};
  const undos = within(root, "[data-position]").map((box) => {
    const button = box.querySelector<HTMLButtonElement>("button");
    const latitude = box.querySelector<HTMLInputElement>("input[name=latitude]");
    const longitude = box.querySelector<HTMLInputElement>("input[name=longitude]");
    const status = box.querySelector<HTMLElement>("[data-position-status]");
    if (!button || !latitude || !longitude || !status) return () => {};
    const ask = () =>
      navigator.geolocation.getCurrentPosition(
        (position) => {
          latitude.value = position.coords.latitude.toFixed(6);
          longitude.value = position.coords.longitude.toFixed(6);
          status.textContent = `${POSITION_ADDED} (${latitude.value}, ${longitude.value})`;
        },
        () => {
          latitude.value = "";
          longitude.value = "";
          status.textContent = POSITION_REFUSED;
        },
        { enableHighAccuracy: true, timeout: 10_000 },
      );
    button.hidden = false;
    button.addEventListener("click", ask);
    return () => {
      button.hidden = true;
      button.removeEventListener("click", ask);
    };
  });
  return () => {
    for (const undo of undos) undo();
  };
};
