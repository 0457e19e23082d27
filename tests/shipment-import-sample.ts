// CSV files of shipments for the import's tests, benchmark and stories: the template's first
// example row repeated with its own recipient each time, and two rows with several errors each.
import { csvLines } from "../app/.server/csv-file";
import { templateRecords } from "../app/features/shipments/shipment-import";

/** The two bad rows' spreadsheet rows (the header is row 1) when a file has them, and the errors each must show. */
export const BAD_ROWS = {
  3: ["Please enter a valid email address (recipient_email)", "Valid weight is required (weight_kg)"],
  5: ["Recipient postal code is required (recipient_postal_code)", "Please choose a country from the list (recipient_country)"],
} as const;

/**
 * A file of `count` shipments (the template's header, CRLF, a byte-order mark), each to a
 * recipient of its own (`tag` tells files apart), with the rows of BAD_ROWS spoilt when `bad`.
 */
export function importCsv(count: number, { bad = false, tag = "r" }: { bad?: boolean; tag?: string } = {}): string {
  const [header, example] = templateRecords() as [string[], string[]];
  const at = (name: string) => header.indexOf(name);
  const rows = Array.from({ length: count }, (_, index) => {
    const row = [...example];
    row[at("recipient_email")] = `${tag}${index + 1}@example.com`;
    row[at("reference_number")] = `${tag.toUpperCase()}-${index + 1}`;
    const line = index + 2;
    if (bad && line === 3) {
      row[at("recipient_email")] = "not-an-address";
      row[at("weight_kg")] = "0";
    }
    if (bad && line === 5) {
      row[at("recipient_postal_code")] = "";
      row[at("recipient_country")] = "XX";
    }
    return row;
  });
  return `\uFEFF${csvLines([header, ...rows])}`;
}
