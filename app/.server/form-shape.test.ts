import { describe, expect, it } from "vitest";
import { LIMITS } from "~/features/shipments/shipment-steps";
import { FIELD_CEILING, fieldPath, formShapeProblem, MAX_FIELDS, notAList, notOneValue } from "./form-shape";

const problem = (fields: [string, string][]) => formShapeProblem(fields);
const intent = (value: unknown, fields: [string, string][] = []) => problem([...fields, ["__intent__", JSON.stringify(value)]]);

describe("field names", () => {
  it("reads them as Conform does: keys, [n] indices, [] at the end", () => {
    expect(fieldPath("packages[3].weight")).toEqual(["packages", 3, "weight"]);
    expect(fieldPath("a.b[0][1]")).toEqual(["a", "b", 0, 1]);
    expect(fieldPath("tags[]")).toEqual(["tags", ""]);
    // A key of digits only is an index once it lands on a list.
    expect(fieldPath("packages.7.weight")).toEqual(["packages", 7, "weight"]);
    for (const malformed of ["", "a..b", "a[", "a]", "a[x]", ".a", "a[].b", "a."]) expect(fieldPath(malformed), malformed).toBeNull();
  });
});

describe("a form's shape", () => {
  it("takes the largest real form: every package the wizard allows", () => {
    const fields: [string, string][] = [["step", "3"], ["intent", "next"]];
    for (let index = 0; index < LIMITS.packages; index += 1) {
      for (const field of ["description", "weight", "length", "width", "height", "value", "quantity"]) {
        fields.push([`packages[${index}].${field}`, "1"]);
      }
    }
    expect(problem(fields)).toBeNull();
  });

  it("refuses a package index past the documented bound, in either notation", () => {
    expect(problem([["packages[999999].weight", "1"]])).toBe(
      `A shipment can hold at most ${LIMITS.packages} packages (the form sent "packages[999999].weight").`,
    );
    expect(problem([[`packages[${LIMITS.packages}].weight`, "1"]])).toContain("at most 20 packages");
    expect(problem([[`packages[${LIMITS.packages - 1}].weight`, "1"]])).toBeNull();
    expect(problem([["packages[0].weight", "1"], ["packages.10000.weight", "1"]])).toContain("at most 20 packages");
    expect(problem([["packages[99999999999999999999].weight", "1"]])).toContain("at most 20 packages");
  });

  it("refuses a list or a group where a single value belongs, for every form (issue 22: a 500 at the wizard's step 3)", () => {
    for (const name of ["packages[0].weight.x", "packages[0].weight[0]", "packages[0].weight[]", "packages[0].value.x", "packages[0].value[0]", "packages[0].value[]"]) {
      expect(problem([["packages[0].description", "Books"], [name, "1"]]), name).toBe(notOneValue(name));
    }
    for (const name of ["email.x", "email[0]", "email[]", "ids[]", "items[0]", "a.b", "redirectTo[0]", "packages[0].tags[3]"]) {
      expect(problem([[name, "1"]]), name).toBe(notOneValue(name));
    }
  });

  it("refuses a single value where a list or one of its groups belongs", () => {
    for (const name of ["packages", "packages[0]", "packages[]", "packages[3]", "packages.first", "packages.first.weight"]) {
      expect(problem([["packages[0].weight", "1"], [name, "1"]]), name).toBe(notAList(name));
    }
  });

  it("refuses a structured name given twice, and takes a plain one (a group of checkboxes)", () => {
    expect(problem([["packages[0].weight", "1"], ["packages[0].weight", "2"]])).toBe(
      'The field "packages[0].weight" was sent more than once.',
    );
    expect(problem([["ids", "1"], ["ids", "2"], ["ids", "3"]])).toBeNull();
  });

  it("refuses too many fields, a field over the ceiling, files, and names Conform cannot read", () => {
    expect(problem(Array.from({ length: MAX_FIELDS + 1 }, (_, index): [string, string] => [`f${index}`, ""]))).toBe(
      `The form has more than ${MAX_FIELDS} fields.`,
    );
    expect(problem([["note", "x".repeat(FIELD_CEILING)]])).toBeNull();
    expect(problem([["note", "x".repeat(FIELD_CEILING + 1)]])).toBe('The field "note" is longer than 10,000 characters.');
    expect(formShapeProblem([["upload", new File(["x"], "x.txt")]])).toBe("This form takes no files.");
    expect(formShapeProblem([["file", new File(["x"], "x.csv")]], { files: 1 })).toBeNull();
    expect(formShapeProblem([["file", new File(["x"], "a.csv")], ["file", new File(["y"], "b.csv")]], { files: 1 })).toBe("This form takes at most 1 file.");
    expect(problem([["name", "Avery\u0000"]])).toBe('The field "name" contains a control character.');
    expect(problem([["note\u0007", "x"]])).toBe("A field name contains a control character.");
    expect(problem([["message", "Line one\r\n\tLine two"]])).toBeNull();
    for (const name of ["a..b", "__proto__.polluted", "a.constructor.prototype", "x".repeat(201), "0", "[0]", "", "a.b.c.d.e.f.g"]) {
      expect(problem([[name, "1"]]), name).not.toBeNull();
    }
  });

  it("checks Conform's intent control: JSON it can apply, within the same bounds", () => {
    expect(intent({ type: "validate", payload: { name: "email" } })).toBeNull();
    expect(intent({ type: "insert", payload: { name: "packages" } }, [["packages[0].weight", "1"]])).toBeNull();
    expect(intent({ type: "remove", payload: { name: "packages", index: 1 } })).toBeNull();
    expect(intent({ type: "update", payload: { name: "packages[0].weight", value: "2" } })).toBeNull();
    expect(intent({ type: "update", payload: { name: "packages", index: 0, value: { weight: "2" } } })).toBeNull();
    expect(intent({ type: "insert", payload: { name: "packages", defaultValue: { weight: "2" } } })).toBeNull();
    // An intent puts its value where it names: the value must have that place's shape.
    expect(intent({ type: "update", payload: { name: "packages[0].weight", value: { x: "1" } } })).toBe("The form's control value is not valid.");
    expect(intent({ type: "update", payload: { name: "email", value: ["a"] } })).toBe("The form's control value is not valid.");
    expect(intent({ type: "update", payload: { name: "packages", value: "1" } })).toBe("The form's control value is not valid.");
    expect(intent({ type: "update", payload: { name: "packages", index: 0, value: { weight: { x: 1 } } } })).toBe("The form's control value is not valid.");
    expect(intent({ type: "insert", payload: { name: "packages", defaultValue: [1] } })).toBe("The form's control value is not valid.");
    expect(intent({ type: "update", payload: { name: "packages[0].weight.x", value: "1" } })).toBe(notOneValue("packages[0].weight.x"));
    expect(problem([["__intent__", "not json"]])).toBe("The form's control value is not valid.");
    expect(intent({ type: "launch", payload: {} })).not.toBeNull();
    expect(intent({ type: "update", payload: { name: "packages[999999]", value: {} } })).toContain("at most 20 packages");
    expect(intent({ type: "insert", payload: { name: "packages", index: 20 } })).toContain("at most 20 packages");
    expect(intent({ type: "update", payload: { name: "packages", index: 999999 } })).not.toBeNull();
    expect(intent({ type: "reorder", payload: { name: "packages", from: 0, to: 1e9 } })).not.toBeNull();
    // A list intent on a field that holds text would make Conform throw.
    expect(intent({ type: "insert", payload: { name: "email" } }, [["email", "a@b.c"]])).not.toBeNull();
    expect(intent({ type: "insert", payload: { name: "packages" } }, [["packages.first", "x"]])).not.toBeNull();
    expect(problem([["__state__", "{"]])).toBe("The form's state is not valid.");
    expect(problem([["__intent__", "{}"], ["__intent__", "{}"]])).toContain("more than once");
  });
});
