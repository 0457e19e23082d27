import { describe, expect, it } from "vitest";
import { translator } from "~/features/languages/i18n.server";
import { BULK_STATUSES, bulkStatusMessage, MAX_SELECTED, NOTHING_SELECTED, selectedIds, selectionFault, TOO_MANY_SELECTED } from "./shipment-selection";

describe("the bulk actions' selection", () => {
  it("is the ticked rows, each once, without empty values", () => {
    expect(selectedIds(new URLSearchParams("ids=a&ids=&ids=b&ids=a&pageIds=c"))).toEqual(["a", "b"]);
  });

  it("is the page's rows when 'All' is ticked without JavaScript", () => {
    const form = new FormData();
    for (const [name, value] of [["all", "page"], ["pageIds", "c"], ["pageIds", "d"], ["ids", "a"]]) form.append(name!, value!);
    expect(selectedIds(form)).toEqual(["c", "d"]);
    expect(selectedIds(new URLSearchParams("all=yes&ids=a&pageIds=c"))).toEqual(["a"]);
  });

  it("is refused when empty or larger than the bound", () => {
    expect(selectionFault([])).toBe(NOTHING_SELECTED);
    expect(selectionFault(Array.from({ length: MAX_SELECTED }, (_, index) => `id-${index}`))).toBeNull();
    expect(selectionFault(Array.from({ length: MAX_SELECTED + 1 }, (_, index) => `id-${index}`))).toBe(TOO_MANY_SELECTED);
  });
});

describe("the bulk status change", () => {
  it("offers every status but custom destination", () => {
    expect(BULK_STATUSES).toHaveLength(12);
    expect(BULK_STATUSES).not.toContain("custom_destination");
  });

  it("says how many shipments it updated, and those that had the status already", () => {
    const t = translator("en", "messages");
    expect(bulkStatusMessage(t, { changed: 1, unchanged: 0, status: "in_transit" })).toBe("1 shipment updated");
    expect(bulkStatusMessage(t, { changed: 200, unchanged: 0, status: "in_transit" })).toBe("200 shipments updated");
    expect(bulkStatusMessage(t, { changed: 2, unchanged: 1, status: "out_for_delivery" })).toBe("2 shipments updated; 1 already Out For Delivery");
    expect(bulkStatusMessage(t, { changed: 1, unchanged: 2, status: "out_for_delivery" })).toBe("1 shipment updated; 2 already Out For Delivery");
    expect(bulkStatusMessage(t, { changed: 0, unchanged: 1, status: "delivered" })).toBe("The status is already Delivered: nothing changed");
    expect(bulkStatusMessage(t, { changed: 0, unchanged: 3, status: "delivered" })).toBe("The selected shipments are already Delivered: nothing changed");
  });

  it("says the bulk change in Spanish and French, status names included", () => {
    const es = translator("es", "messages");
    const fr = translator("fr", "messages");
    expect(bulkStatusMessage(es, { changed: 1, unchanged: 0, status: "in_transit" })).toBe("1 envío actualizado");
    expect(bulkStatusMessage(es, { changed: 3, unchanged: 1, status: "delivered" })).toBe("3 envíos actualizados; en 1 el estado ya era Entregado");
    expect(bulkStatusMessage(es, { changed: 0, unchanged: 1, status: "delivered" })).toBe("El estado ya es Entregado: no ha cambiado nada");
    expect(bulkStatusMessage(fr, { changed: 2, unchanged: 0, status: "in_transit" })).toBe("2 envois mis à jour");
    expect(bulkStatusMessage(fr, { changed: 0, unchanged: 4, status: "out_for_delivery" })).toBe("Les envois sélectionnés sont déjà au statut En cours de livraison : rien n'a changé");
  });
});
