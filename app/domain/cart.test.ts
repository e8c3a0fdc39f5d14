import { describe, expect, it } from "vitest";
import { cartCheckNotice } from "./cart-notice";
import {
  type CartItem,
  type CartProduct,
  addItem,
  cartProduct,
  cartTotalWithoutTaxes,
  applyServerCheck,
  cartTotal,
  clearCart,
  lineTotal,
  lineUnitPrice,
  parseCart,
  removeItem,
  sameOptions,
  setQuantity,
  totalQuantity,
} from "./cart";

const notebook: CartProduct = {
  id: "p1",
  name: "Notebook 14",
  image_url: "/n.jpg",
  price: 1000,
  sale_price: 900,
  option_groups: [
    {
      title: "Memoria",
      options: [
        { name: "8 GB", price: 0 },
        { name: "16 GB", price: 1200.5 },
      ],
    },
    { title: "Color", options: [{ name: "Gris" }, { name: "Negro", price: null }] },
  ],
};
const mouse: CartProduct = { id: "p2", name: "Mouse", price: "19.99", sale_price: null };

function line(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: "p",
    name: "Producto",
    image_url: null,
    price: 100,
    sale_price: null,
    selectedOptions: [],
    quantity: 1,
    cartId: "c",
    ...overrides,
  };
}

describe("addItem", () => {
  it("adds a new line with its own cartId and the product data", () => {
    const items = addItem([], mouse, 2, [], "c1");
    expect(items).toEqual([
      {
        id: "p2",
        name: "Mouse",
        image_url: null,
        price: 19.99,
        sale_price: null,
        selectedOptions: [],
        quantity: 2,
        cartId: "c1",
      },
    ]);
  });

  it("merges the quantity for the same product with the same options", () => {
    const once = addItem([], notebook, 1, [{ group: "Memoria", option: "16 GB" }], "c1");
    const twice = addItem(once, notebook, 2, [{ group: "Memoria", option: "16 GB" }], "c2");
    expect(twice).toHaveLength(1);
    expect(twice[0]).toMatchObject({ cartId: "c1", quantity: 3 });
  });

  it("merges regardless of the order of the selected options", () => {
    const a = [
      { group: "Memoria", option: "8 GB" },
      { group: "Color", option: "Gris" },
    ];
    const items = addItem(addItem([], notebook, 1, a, "c1"), notebook, 1, [...a].reverse(), "c2");
    expect(items).toHaveLength(1);
    expect(items[0]?.quantity).toBe(2);
  });

  it("makes a new line for the same product with other options", () => {
    const items = addItem(
      addItem([], notebook, 1, [{ group: "Memoria", option: "8 GB" }], "c1"),
      notebook,
      1,
      [{ group: "Memoria", option: "16 GB" }],
      "c2",
    );
    expect(items.map((i) => i.cartId)).toEqual(["c1", "c2"]);
  });

  it("makes a new line for another product", () => {
    const items = addItem(addItem([], notebook, 1, [], "c1"), mouse, 1, [], "c2");
    expect(items.map((i) => i.id)).toEqual(["p1", "p2"]);
  });

  it("keeps the option groups so the option price can be computed later", () => {
    const [item] = addItem([], notebook, 1, [], "c1");
    expect(item?.option_groups).toEqual(notebook.option_groups);
    expect(addItem([], mouse, 1, [], "c1")[0]).not.toHaveProperty("option_groups");
  });

  it("ignores quantities below 1 and floors fractions", () => {
    const start = addItem([], mouse, 1, [], "c1");
    expect(addItem(start, mouse, 0, [], "c2")).toBe(start);
    expect(addItem(start, mouse, -3, [], "c2")).toBe(start);
    expect(addItem(start, mouse, Number.NaN, [], "c2")).toBe(start);
    expect(addItem([], mouse, 2.7, [], "c1")[0]?.quantity).toBe(2);
  });

  it("does not mutate its input", () => {
    const start = addItem([], mouse, 1, [], "c1");
    const copy = structuredClone(start);
    addItem(start, mouse, 1, [], "c2");
    expect(start).toEqual(copy);
  });
});

describe("removeItem, setQuantity, clearCart", () => {
  const items = [line({ cartId: "a", quantity: 2 }), line({ cartId: "b", quantity: 1 })];

  it("removes a line by cartId", () => {
    expect(removeItem(items, "a").map((i) => i.cartId)).toEqual(["b"]);
    expect(removeItem(items, "zzz")).toEqual(items);
  });

  it("sets the quantity of one line", () => {
    const next = setQuantity(items, "b", 5);
    expect(next.map((i) => i.quantity)).toEqual([2, 5]);
    expect(items[1]?.quantity).toBe(1);
  });

  it("removes the line when the quantity goes below 1", () => {
    expect(setQuantity(items, "a", 0).map((i) => i.cartId)).toEqual(["b"]);
    expect(setQuantity(items, "a", -1).map((i) => i.cartId)).toEqual(["b"]);
    expect(setQuantity(items, "a", 0.5).map((i) => i.cartId)).toEqual(["b"]);
  });

  it("ignores a non-numeric quantity", () => {
    expect(setQuantity(items, "a", Number.NaN)).toBe(items);
  });

  it("clears the cart", () => {
    expect(clearCart()).toEqual([]);
  });

  it("counts the total quantity", () => {
    expect(totalQuantity(items)).toBe(3);
    expect(totalQuantity([])).toBe(0);
  });
});

describe("lineUnitPrice", () => {
  it("uses the price when there is no sale price", () => {
    expect(lineUnitPrice(line({ price: 100 }))).toBe(100);
  });

  it("uses the sale price when present and below the price", () => {
    expect(lineUnitPrice(line({ price: 100, sale_price: 80 }))).toBe(80);
    expect(lineUnitPrice(line({ price: 100, sale_price: 120 }))).toBe(100);
    expect(lineUnitPrice(line({ price: 100, sale_price: 0 }))).toBe(100);
    expect(lineUnitPrice(line({ price: null, sale_price: 80 }))).toBe(80);
  });

  it("counts a missing amount as 0", () => {
    expect(lineUnitPrice(line({ price: null, sale_price: null }))).toBe(0);
  });

  it("lets an option price above 0 replace the product price, sale price included", () => {
    const [item] = addItem([], notebook, 1, [{ group: "Memoria", option: "16 GB" }], "c1");
    expect(item && lineUnitPrice(item)).toBe(1200.5);
  });

  it("ignores option prices of 0, null or missing", () => {
    for (const selected of [
      [{ group: "Memoria", option: "8 GB" }],
      [{ group: "Color", option: "Gris" }],
      [{ group: "Color", option: "Negro" }],
      [{ group: "Tamaño", option: "XL" }],
    ]) {
      const [item] = addItem([], notebook, 1, selected, "c1");
      expect(item && lineUnitPrice(item)).toBe(900);
    }
  });

  it("finds the priced option whatever the order of the selection", () => {
    const [item] = addItem(
      [],
      notebook,
      1,
      [
        { group: "Color", option: "Gris" },
        { group: "Memoria", option: "16 GB" },
      ],
      "c1",
    );
    expect(item && lineUnitPrice(item)).toBe(1200.5);
  });
});

describe("totals", () => {
  it("multiplies unit prices by quantities in integer cents", () => {
    const items = [
      line({ cartId: "a", price: 0.1, quantity: 3 }),
      line({ cartId: "b", price: 0.2, quantity: 1 }),
      line({ cartId: "c", price: 19.99, sale_price: 10.01, quantity: 7 }),
    ];
    expect(lineTotal(items[0] as CartItem)).toBe(0.3);
    expect(cartTotal(items)).toBe(70.57);
  });

  it("is 0 for an empty cart", () => {
    expect(cartTotal([])).toBe(0);
  });

  it("adds option prices into the total", () => {
    let items = addItem([], notebook, 2, [{ group: "Memoria", option: "16 GB" }], "c1");
    items = addItem(items, mouse, 3, [], "c2");
    expect(cartTotal(items)).toBe(2401 + 59.97);
  });
});

describe("sameOptions", () => {
  it("compares group/option pairs in any order", () => {
    expect(sameOptions([], [])).toBe(true);
    expect(sameOptions([{ group: "a", option: "1" }], [{ group: "a", option: "2" }])).toBe(false);
    expect(sameOptions([{ group: "a", option: "1" }], [])).toBe(false);
  });
});

describe("parseCart", () => {
  it("keeps valid lines and drops broken ones", () => {
    const valid = line({ cartId: "ok", selectedOptions: [{ group: "Color", option: "Gris" }] });
    const parsed = parseCart([
      valid,
      { ...valid, cartId: 7 },
      { ...valid, quantity: 0 },
      { ...valid, quantity: 1.5 },
      null,
      "x",
      { ...valid, cartId: "ok2", price: "100", selectedOptions: [{ group: "Color" }], option_groups: [{ title: 1 }] },
    ]);
    expect(parsed).toEqual([valid, { ...valid, cartId: "ok2", price: null, selectedOptions: [] }]);
  });

  it("returns an empty cart for anything that is not a list", () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart({ items: [] })).toEqual([]);
  });

  it("round-trips through JSON", () => {
    const items = addItem(addItem([], notebook, 1, [{ group: "Memoria", option: "16 GB" }], "c1"), mouse, 2, [], "c2");
    expect(parseCart(JSON.parse(JSON.stringify(items)))).toEqual(items);
  });
});

describe("applyServerCheck", () => {
  const product = { id: "p1", name: "Mouse", price: 20000, sale_price: null };
  const base = addItem([], product, 2, [], "line-1");

  it("updates a changed price and says so", () => {
    const result = applyServerCheck(base, [
      {
        cartId: "line-1",
        status: "ok",
        name: "Mouse",
        imageUrl: null,
        price: 22000,
        salePrice: null,
        optionGroups: [],
        unitPrice: 22000,
        stock: 5,
        ivaRate: 21,
      },
    ]);
    expect(result.priceChanged).toEqual(["Mouse"]);
    expect(lineUnitPrice(result.items[0]!)).toBe(22000);
    expect(result.items[0]!.stock).toBe(5);
    expect(cartTotal(result.items)).toBe(44000);
  });

  it("flags a line whose product is gone and leaves it out of the total", () => {
    const result = applyServerCheck(base, [{ cartId: "line-1", status: "unavailable" }]);
    expect(result.unavailable).toEqual(["Mouse"]);
    expect(result.items[0]!.unavailable).toBe(true);
    expect(cartTotal(result.items)).toBe(0);
  });

  it("says nothing when nothing changed", () => {
    const result = applyServerCheck(base, [
      {
        cartId: "line-1",
        status: "ok",
        name: "Mouse",
        imageUrl: null,
        price: 20000,
        salePrice: null,
        optionGroups: [],
        unitPrice: 20000,
        stock: 5,
        ivaRate: 10.5,
      },
    ]);
    expect(result.priceChanged).toEqual([]);
    expect(result.unavailable).toEqual([]);
  });
});

describe("cart total without national taxes", () => {
  it("takes each line's IVA out at its own rate", () => {
    let items = addItem([], { id: "a", name: "Notebook", price: 121000, iva_rate: 21 }, 1, [], "l1");
    items = addItem(items, { id: "b", name: "Libro técnico", price: 11050, iva_rate: 10.5 }, 2, [], "l2");
    // 121.000 / 1,21 + 22.100 / 1,105
    expect(cartTotalWithoutTaxes(items)).toBe(120000);
  });
});

describe("what the shopper is told after the server check", () => {
  it("tells both what is gone and what changed price, in one message", () => {
    expect(cartCheckNotice({ unavailable: ["Mouse"], priceChanged: ["Teclado"] })).toEqual({
      type: "error",
      title: "Producto no disponible",
      description: "Mouse ya no está disponible. Quitalo para continuar. Actualizamos el precio de: Teclado.",
    });
  });

  it("speaks in plural when several products are gone", () => {
    expect(cartCheckNotice({ unavailable: ["Mouse", "Monitor"], priceChanged: [] })?.description).toBe(
      "Mouse, Monitor ya no están disponibles. Quitalos para continuar.",
    );
  });

  it("only informs about a price change, and says nothing when all is well", () => {
    expect(cartCheckNotice({ unavailable: [], priceChanged: ["Teclado"] })).toMatchObject({
      type: "info",
      title: "Actualizamos precios",
    });
    expect(cartCheckNotice({ unavailable: [], priceChanged: [] })).toBeNull();
  });
});

describe("cartProduct", () => {
  const page = {
    id: "p1",
    name: "Mouse",
    imageUrl: "/mouse.webp",
    price: "1500.00",
    salePrice: null,
    ivaRate: 10.5,
  };
  const groups = [{ title: "Color", options: [{ name: "Negro" }, { name: "Blanco" }] }];

  it("adds a page's product with its IVA rate, its options and the chosen variant's price and image", () => {
    const [line] = addItem(
      [],
      cartProduct(page, groups, { price: 1800, sale_price: null }, "/mouse-blanco.webp"),
      2,
      [{ group: "Color", option: "Blanco" }],
      "c1",
    );
    expect(line).toMatchObject({
      id: "p1",
      name: "Mouse",
      image_url: "/mouse-blanco.webp",
      price: 1500,
      iva_rate: 10.5,
      option_groups: groups,
      variant: { price: 1800, sale_price: null },
      quantity: 2,
    });
    expect(lineUnitPrice(line!)).toBe(1800);
  });

  it("shows the product's own image when no variant is chosen", () => {
    const [line] = addItem([], cartProduct(page, [], null), 1, [], "c1");
    expect(line!.image_url).toBe("/mouse.webp");
    expect(line!.variant).toBeUndefined();
  });
});
