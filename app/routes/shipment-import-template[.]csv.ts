// The bulk import's template: the columns a file of shipments has, and two example rows, written
// as every CSV the app serves is (app/.server/csv-file.ts). The same for customers and admins.
import { csvResponse, csvStream } from "~/.server/csv-file";
import { templateRecords } from "~/features/shipments/shipment-import";

export function loader() {
  const [header, ...examples] = templateRecords();
  const file = csvStream({ header: header!, readPage: async (after: string[] | null) => (after ? [] : examples), toCells: (row: string[]) => row });
  return csvResponse(file, "shipment-import-template.csv");
}
