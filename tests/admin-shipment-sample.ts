// One complete admin shipment form as the browser posts it, and the fields the form requires:
// shared by the form's unit tests and the admin integration tests.

export const ADMIN_REQUIRED_FIELDS = [
  "senderName", "senderEmail", "senderPhone", "senderAddress", "senderCity", "senderCountry",
  "recipientName", "recipientEmail", "recipientPhone", "recipientAddress", "recipientCity", "recipientCountry",
  "packageType", "weight", "description", "serviceType",
];

export const VALID_ADMIN_FORM: Record<string, string> = {
  senderName: "Ada Sender",
  senderEmail: "ada@example.com",
  senderPhone: "+1 (415) 555-0100",
  senderAddress: "1 Main St",
  senderCity: "Boston",
  senderCountry: "US",
  recipientName: "Bo Receiver",
  recipientEmail: "bo@example.com",
  recipientPhone: "+49 30 1234567",
  recipientAddress: "Torstraße 1",
  recipientCity: "Berlin",
  recipientCountry: "DE",
  packageType: "package",
  weight: "2",
  length: "30",
  width: "20",
  height: "10",
  value: "150.00",
  description: "Books",
  serviceType: "express",
  deliveryOption: "standard",
  currency: "USD",
};
