// A sender and a recipient as the customer's form sends them (steps 1 and 2): shared by the
// create-shipment integration tests and the drafts service's tests.

export const SAMPLE_SENDER = {
  senderName: "Avery Quinn",
  senderEmail: "Avery@Example.com",
  senderPhone: "415 555-0134",
  senderAddress: "1 Market St",
  senderCity: "San Francisco",
  senderState: "CA",
  senderCountry: "US",
  senderPostalCode: "94105",
};

export const SAMPLE_RECIPIENT = {
  recipientName: "Lena Fischer",
  recipientEmail: "lena@example.com",
  recipientPhone: "30 5550 1234",
  recipientAddress: "Torstraße 101",
  recipientCity: "Berlin",
  recipientState: "",
  recipientCountry: "DE",
  recipientPostalCode: "10119",
};
