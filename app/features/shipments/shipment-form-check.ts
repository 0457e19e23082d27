// The admin shipment form's rules in the browser. The form's page loads them when the form is
// first used rather than before it hydrates (zod and the schemas are a quarter of its script;
// docs/decisions/145); the server checks every post with the same schemas.
import { parseWithZod } from "@conform-to/zod";
import { EditShipmentFormSchema, ShipmentFormSchema } from "./admin-shipment-form";

/** What Conform shows for `formData`: the edit form's rules, or the create form's. */
export function checkShipmentForm(formData: FormData, edit: boolean) {
  return edit ? parseWithZod(formData, { schema: EditShipmentFormSchema }) : parseWithZod(formData, { schema: ShipmentFormSchema });
}
