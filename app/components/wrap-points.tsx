import { Fragment } from "react";

// Where a long e-mail address or web address may break, as typesetters break them: after "@"
// and "/", before ".", "?" and "&". The browser takes a <wbr> only where the line is too short,
// so "demo@swiftparcel.example" wraps as "demo@" / "swiftparcel" / ".example", never inside a word.
const BREAK_AFTER = /(?<=[@/])(?=.)/;
const BREAK_BEFORE = /(?<=.)(?=[.?&])/;

/** The places a break is allowed in `text`, as the pieces between them. */
export function wrapPieces(text: string): string[] {
  return text.split(BREAK_AFTER).flatMap((piece) => piece.split(BREAK_BEFORE));
}

/** `text` (an e-mail or web address) with <wbr> break opportunities at its natural joints. */
export function WrapPoints({ text }: { text: string }) {
  const pieces = wrapPieces(text);
  return (
    <>
      {pieces.map((piece, index) => (
        // Pieces may repeat ("a.b.b"), their place may not.
        // eslint-disable-next-line react/no-array-index-key
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
