// The two demo accounts the sign-in pages' demo buttons sign in to (only while DEMO_MODE is "true").
// The seed (drizzle/seed-data.ts) creates them from these values, so the app never imports seed data.

export const DEMO_CUSTOMER = {
  email: "demo@swiftparcel.example",
  password: "Demo123!",
  firstName: "Jordan",
  lastName: "Lee",
};

export const DEMO_ADMIN = {
  email: "admin@swiftparcel.example",
  password: "Admin123!",
  firstName: "Alex",
  lastName: "Morgan",
};
