// A sender, a recipient and one package as the customer's form sends them (steps 1 to 3):
// shared by the create-shipment integration tests, the drafts service's tests and the
// hostile-input suite (which walks a draft to step 4 with them).

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

export const SAMPLE_PACKAGE_STEP = {
  // The currency the declared value is typed in, and the price is given in.
  currency: "USD",
  "packages[0].description": "Books",
  "packages[0].weight": "2",
  "packages[0].length": "30",
  "packages[0].width": "20",
  "packages[0].height": "10",
  "packages[0].value": "40",
  "packages[0].quantity": "1",
  serviceType: "express",
  deliveryOption: "saturday",
  insurance: "on",
};
