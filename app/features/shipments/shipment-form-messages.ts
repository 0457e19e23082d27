// The admin shipment form's banner, apart from its rules (admin-shipment-form.ts): the form's page
// shows it before those rules have loaded in the browser (shipment-form-check.ts).

/** Above a form that came back with errors in its fields. */
export const FORM_ERRORS_TOAST = "Please fix the errors in the form";
