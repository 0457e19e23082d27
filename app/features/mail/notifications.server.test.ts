import { describe, expect, it } from "vitest";
import { mailFor, type MailEvent } from "./notifications.server";

const SITE = { companyName: "SwiftParcel", supportEmail: "support@swiftparcel.example", origin: "https://swiftparcel.example" };

function chatReply(name: string, adminName: string): MailEvent {
  return {
    id: "event-1",
    type: "chat.admin_replied",
    entityId: "session-1",
    data: { messageId: "message-1", email: "visitor@example.com", name, adminName, message: "Your parcel leaves the hub today." },
  };
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("the chat reply mail", () => {
  // The failing example: "Support Team of the SwiftParcel support team wrote:", to "Hello Anonymous,".
  it("says who answered, the answer and where the chat goes on, naming the company once", () => {
    const [mail] = mailFor(chatReply("Anonymous", "Support Team"), SITE);
    expect(mail).toMatchObject({ to: "visitor@example.com", kind: "chat-reply", subject: "SwiftParcel support has answered your question" });
    expect(mail!.body).toBe(
      [
        "Hello,",
        "The SwiftParcel support team answered you in our support chat:",
        "Your parcel leaves the hub today.",
        "To read the whole conversation or write back, open the chat in the browser you started it in: https://swiftparcel.example/support/chat",
      ].join("\n\n"),
    );
    expect(occurrences(mail!.body, "SwiftParcel")).toBe(1);
    expect(mail!.body).not.toContain("Anonymous");
  });

  it("greets a visitor by name and names the admin who answered", () => {
    const [mail] = mailFor(chatReply("Rita", "Dana"), SITE);
    expect(mail!.body).toMatch(/^Hello Rita,\n\nDana of the SwiftParcel support team answered you in our support chat:\n\nYour parcel leaves the hub today\./);
  });
});

describe("the contact acknowledgement", () => {
  it("is written in the language the person wrote in, the type of inquiry and the hours included", () => {
    const event: MailEvent = {
      id: "event-2",
      type: "contact.received",
      entityId: "message-1",
      data: { name: "Lucía", email: "lucia@example.com", type: "general", subject: "Mi paquete" },
      language: "es",
    };
    const [mail] = mailFor(event, SITE);
    expect(mail).toMatchObject({ subject: "Hemos recibido tu mensaje" });
    expect(mail!.body).toContain("Hola, Lucía:\n\nGracias por escribir a SwiftParcel. Hemos recibido tu mensaje «Mi paquete» (Consulta general)");
    expect(mail!.body).toContain("Lunes - Viernes 9:00 - 18:00, Sábado 10:00 - 16:00, Domingo cerrado.");
    const [english] = mailFor({ ...event, language: undefined }, SITE);
    expect(english!.body).toContain('We have received your message "Mi paquete" (General inquiry)');
  });
});
