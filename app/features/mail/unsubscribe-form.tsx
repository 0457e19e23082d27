import { Form } from "@remix-run/react";

/** The one-button form that stops mail from a mailed link's page (posted as intent=unsubscribe). */
export function UnsubscribeForm() {
  return (
    <Form method="post">
      <button type="submit" name="intent" value="unsubscribe" className="btn-primary">
        Unsubscribe
      </button>
    </Form>
  );
}
