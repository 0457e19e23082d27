// The phone's coordinates with a status update, when the courier allows it: a button that
// appears only where the browser can tell its position, fills the form's two hidden fields and
// says so. Without JavaScript, or when refused, the update goes without coordinates.
import { within, type Behaviour } from "~/behaviours/behaviour";
import { fillIn, wordsOf } from "./page-words";

export const POSITION_ADDED = "Position added";
export const POSITION_REFUSED = "No position: the update goes without it.";

/** What the box says (data-position-words): the position added, or refused. */
export type PositionWords = { added: string; refused: string };

const ENGLISH: PositionWords = { added: `${POSITION_ADDED} ({{latitude}}, {{longitude}})`, refused: POSITION_REFUSED };

export const enhancePosition: Behaviour = (root) => {
  if (typeof navigator === "undefined" || !("geolocation" in navigator)) return () => {};
  const undos = within(root, "[data-position]").map((box) => {
    const button = box.querySelector<HTMLButtonElement>("button");
    const latitude = box.querySelector<HTMLInputElement>("input[name=latitude]");
    const longitude = box.querySelector<HTMLInputElement>("input[name=longitude]");
    const status = box.querySelector<HTMLElement>("[data-position-status]");
    if (!button || !latitude || !longitude || !status) return () => {};
    const words = wordsOf(box, "positionWords", ENGLISH);
    const ask = () =>
      navigator.geolocation.getCurrentPosition(
        (position) => {
          latitude.value = position.coords.latitude.toFixed(6);
          longitude.value = position.coords.longitude.toFixed(6);
          status.textContent = fillIn(words.added, { latitude: latitude.value, longitude: longitude.value });
        },
        () => {
          latitude.value = "";
          longitude.value = "";
          status.textContent = words.refused;
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
