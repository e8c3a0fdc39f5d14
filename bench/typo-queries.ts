// A fixed list of queries with exactly one typo (a letter missing, added, changed or two letters
// swapped) in a word of 5 or more letters. A query counts as found when one of the first 5
// results has every expected word in its name (lower case, accents folded).
export type TypoQuery = { query: string; expect: string[] };

export const TYPO_QUERIES: TypoQuery[] = [
  { query: "notbook lenovo", expect: ["notebook", "lenovo"] },
  { query: "noteboko hp", expect: ["notebook", "hp"] },
  { query: "monitr samsung", expect: ["monitor", "samsung"] },
  { query: "monitor sansung", expect: ["monitor", "samsung"] },
  { query: "auriclares hyperx", expect: ["auriculares", "hyperx"] },
  { query: "auriculares logitec", expect: ["auriculares", "logitech"] },
  { query: "teclado mecanico redragn", expect: ["teclado", "redragon"] },
  { query: "teclaod logitech", expect: ["teclado", "logitech"] },
  { query: "mouse gamer razr", expect: ["mouse", "razer"] },
  { query: "mouse inalambrico logitch", expect: ["mouse", "logitech"] },
  { query: "cafetera nespreso", expect: ["cafetera", "nespresso"] },
  { query: "cafetrea oster", expect: ["cafetera", "oster"] },
  { query: "gabinete corsiar", expect: ["gabinete", "corsair"] },
  { query: "gabinette thermaltake", expect: ["gabinete", "thermaltake"] },
  { query: "silla gamre corsair", expect: ["silla", "gamer", "corsair"] },
  { query: "mochila samsonte", expect: ["mochila", "samsonite"] },
  { query: "mochlia targus", expect: ["mochila", "targus"] },
  { query: "consola nintndo switch", expect: ["consola", "nintendo"] },
  { query: "consola playstaton", expect: ["consola", "playstation"] },
  { query: "joystick inalambrico dualsens", expect: ["joystick", "dualsense"] },
  { query: "volnte thrustmaster", expect: ["volante", "thrustmaster"] },
  { query: "placa de vdeo asus", expect: ["placa", "video", "asus"] },
  { query: "disco ssd kingstn", expect: ["disco", "kingston"] },
  { query: "memoria ram corsiar vengeance", expect: ["memoria", "corsair"] },
  { query: "camara web genus", expect: ["camara", "genius"] },
  { query: "parlntes logitech", expect: ["parlantes", "logitech"] },
  { query: "notebook gamre asus", expect: ["notebook", "gamer", "asus"] },
  { query: "monitor gamer odysey", expect: ["monitor", "odyssey"] },
  { query: "pc gamer ryzn", expect: ["pc", "gamer", "ryzen"] },
  { query: "auriculares krakn", expect: ["auriculares", "kraken"] },
  { query: "fuentr corsair", expect: ["fuente", "corsair"] },
  { query: "teclado inalambrico bluetoth", expect: ["teclado", "bluetooth"] },
  { query: "silla ergonmica", expect: ["silla", "ergonomica"] },
  { query: "cafetera italiana bialeti", expect: ["cafetera", "bialetti"] },
  { query: "monitor philps", expect: ["monitor", "philips"] },
  { query: "mouse vertcal", expect: ["mouse", "vertical"] },
  { query: "mochila antirobo", expect: ["mochila", "antirrobo"] },
  { query: "pc de ofcina", expect: ["pc", "oficina"] },
  { query: "consola xbox seris", expect: ["consola", "xbox", "series"] },
  { query: "joystick redragon harow", expect: ["joystick", "harrow"] },
];

/** Lower case with accents folded, as the search compares words. */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

export function nameMatches(name: string, expect: string[]): boolean {
  const words = new Set(fold(name).split(/[^\p{L}\p{N}]+/u));
  return expect.every((w) => words.has(w));
}
