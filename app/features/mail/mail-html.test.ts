import { describe, expect, it } from "vitest";
import { mailHtml } from "./mail-html";

describe("mailHtml", () => {
  it("keeps the text's paragraphs and line breaks, and links its web addresses", () => {
    const html = mailHtml("Hello Ada,\n\nTracking ID: SWP1\nFollow it at https://parcels.example/track/SWP1\n", "Shipment SWP1", "en");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<p style="margin:0 0 16px">Hello Ada,</p>');
    expect(html).toContain('Tracking ID: SWP1<br>Follow it at <a href="https://parcels.example/track/SWP1" style="color:#1d4ed8">https://parcels.example/track/SWP1</a></p>');
    expect(html).toContain("<title>Shipment SWP1</title>");
  });

  it("says the mail's language", () => {
    expect(mailHtml("Hola Ada,", "Envío SWP1", "es")).toContain('<html lang="es">');
    expect(mailHtml("Bonjour Ada,", "Envoi SWP1", "fr")).toContain('<html lang="fr">');
  });

  it("escapes whatever the text and the subject hold, so typed markup stays text", () => {
    const html = mailHtml(`<script>alert(1)</script> & "quotes"\n\nhttps://x.example/?a=1&b="2"`, "<b>Hi</b>", "en");
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;quotes&#34;");
    // An address ends at a quote: the quote is text, and the link's attribute stays closed.
    expect(html).toContain('<a href="https://x.example/?a=1&#38;b=" style="color:#1d4ed8">https://x.example/?a=1&#38;b=</a>&#34;2&#34;');
  });
});
