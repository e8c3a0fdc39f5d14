ALTER TABLE "product_variants" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "mpn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mpn" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_gtin_digits" CHECK ("product_variants"."gtin" ~ '^([0-9]{8}|[0-9]{12,14})$');--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_mpn_length" CHECK (char_length("product_variants"."mpn") between 1 and 70);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_length" CHECK (char_length("products"."brand") between 1 and 70);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gtin_digits" CHECK ("products"."gtin" ~ '^([0-9]{8}|[0-9]{12,14})$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_mpn_length" CHECK (char_length("products"."mpn") between 1 and 70);--> statement-breakpoint
-- Backfill, only where the brand is known for sure: a product whose extra information names it
-- ("Marca", any case), and a demo catalogue product still under its demo slug and name.
UPDATE "products" p SET "brand" = m.brand
FROM (
  SELECT q."id", left(btrim(e.value), 70) AS brand
  FROM "products" q,
    jsonb_each_text(CASE WHEN jsonb_typeof(q."meta" -> 'extra_info') = 'object' THEN q."meta" -> 'extra_info' ELSE '{}'::jsonb END) AS e
  WHERE lower(btrim(e.key)) = 'marca' AND btrim(e.value) <> '' AND btrim(e.value) !~ '<'
) AS m
WHERE p."id" = m."id" AND p."brand" IS NULL;--> statement-breakpoint
UPDATE "products" p SET "brand" = d.brand
FROM (VALUES
  ('notebook-lenovo-ideapad-3-15', 'Notebook Lenovo IdeaPad 3 15.6" Intel Core i5 8GB 512GB SSD', 'Lenovo'),
  ('notebook-hp-15-fd0000', 'Notebook HP 15-fd0000la 15.6" Intel Core i3 8GB 256GB SSD', 'HP'),
  ('notebook-asus-vivobook-15', 'Notebook Asus Vivobook 15 X1504 15.6" Intel Core i7 16GB 512GB', 'Asus'),
  ('notebook-dell-inspiron-15-3520', 'Notebook Dell Inspiron 15 3520 15.6" Intel Core i5 16GB 512GB SSD', 'Dell'),
  ('notebook-lenovo-ideapad-slim-5', 'Notebook Lenovo IdeaPad Slim 5 14" Ryzen 7 16GB 512GB', 'Lenovo'),
  ('notebook-apple-macbook-air-m2', 'MacBook Air 13" Chip M2 8GB 256GB', 'Apple'),
  ('notebook-hp-pavilion-x360-14', 'Notebook 2 en 1 HP Pavilion x360 14" Intel Core i5 8GB 512GB', 'HP'),
  ('notebook-asus-tuf-gaming-f15', 'Notebook Gamer Asus TUF Gaming F15 Intel Core i5 RTX 3050 16GB 512GB', 'Asus'),
  ('notebook-lenovo-loq-15', 'Notebook Gamer Lenovo LOQ 15IRX9 Intel Core i7 RTX 4060 16GB 1TB', 'Lenovo'),
  ('notebook-hp-victus-15', 'Notebook Gamer HP Victus 15 Ryzen 5 RTX 2050 8GB 512GB', 'HP'),
  ('camara-web-logitech-c920', 'Cámara Web Logitech C920 HD Pro Full HD 1080p', 'Logitech'),
  ('disco-ssd-kingston-nv2-1tb', 'Disco SSD Kingston NV2 1TB M.2 NVMe PCIe 4.0', 'Kingston'),
  ('parlantes-logitech-z313', 'Parlantes Logitech Z313 2.1 con Subwoofer 25W', 'Logitech'),
  ('pc-oficina-intel-i3-12100', 'PC de Oficina Vitec Intel Core i3 12100 8GB SSD 480GB', 'Vitec'),
  ('pc-oficina-ryzen-5-5600g', 'PC de Oficina Vitec AMD Ryzen 5 5600G 16GB SSD 512GB', 'Vitec'),
  ('pc-all-in-one-lenovo-ideacentre-3', 'PC All in One Lenovo IdeaCentre AIO 3 24" Intel Core i5 8GB 512GB', 'Lenovo'),
  ('pc-gamer-ryzen-5-rtx-4060', 'PC Gamer Vitec Ryzen 5 5600 RTX 4060 16GB SSD 1TB', 'Vitec'),
  ('pc-gamer-intel-i7-rtx-4070-super', 'PC Gamer Vitec Intel Core i7 14700F RTX 4070 Super 32GB 2TB', 'Vitec'),
  ('pc-gamer-ryzen-7-rx-7700-xt', 'PC Gamer Vitec Ryzen 7 7700 RX 7700 XT 32GB 1TB', 'Vitec'),
  ('joystick-xbox-inalambrico', 'Joystick Inalámbrico Xbox Series Original', 'Microsoft'),
  ('joystick-dualsense-ps5', 'Joystick DualSense PS5 Inalámbrico Blanco', 'Sony'),
  ('volante-logitech-g29', 'Volante Logitech G29 Driving Force con Pedalera', 'Logitech'),
  ('consola-playstation-5-slim', 'Consola PlayStation 5 Slim 1TB', 'Sony'),
  ('consola-nintendo-switch-oled', 'Consola Nintendo Switch OLED 64GB', 'Nintendo'),
  ('consola-xbox-series-s', 'Consola Xbox Series S 512GB', 'Microsoft'),
  ('auriculares-hyperx-cloud-ii', 'Auriculares Gamer HyperX Cloud II Sonido 7.1', 'HyperX'),
  ('auriculares-logitech-g435', 'Auriculares Inalámbricos Logitech G435 Lightspeed', 'Logitech'),
  ('auriculares-redragon-zeus-x', 'Auriculares Gamer Redragon Zeus X H510 RGB 7.1', 'Redragon'),
  ('auriculares-razer-blackshark-v2-x', 'Auriculares Gamer Razer BlackShark V2 X', 'Razer'),
  ('monitor-samsung-24-t350', 'Monitor Samsung 24" LF24T350 IPS Full HD 75Hz', 'Samsung'),
  ('monitor-lg-27-27mp400', 'Monitor LG 27" 27MP400 IPS Full HD', 'LG'),
  ('monitor-philips-22-221v8', 'Monitor Philips 22" 221V8 Full HD HDMI', 'Philips'),
  ('monitor-dell-p2423', 'Monitor Dell P2423 24" IPS WUXGA con Altura Ajustable', 'Dell'),
  ('monitor-gamer-lg-ultragear-27', 'Monitor Gamer LG UltraGear 27" 27GS60F IPS 180Hz', 'LG'),
  ('monitor-gamer-samsung-odyssey-g5', 'Monitor Gamer Samsung Odyssey G5 27" Curvo QHD 165Hz', 'Samsung'),
  ('monitor-gamer-asus-tuf-vg249q1a', 'Monitor Gamer Asus TUF VG249Q1A 23.8" IPS 165Hz', 'Asus'),
  ('gabinete-thermaltake-versa-h17', 'Gabinete Thermaltake Versa H17 Micro ATX', 'Thermaltake'),
  ('gabinete-corsair-4000d-airflow', 'Gabinete Corsair 4000D Airflow Vidrio Templado', 'Corsair'),
  ('gabinete-redragon-wideload', 'Gabinete Gamer Redragon Wideload GC-610 RGB', 'Redragon'),
  ('gabinete-lian-li-lancool-216', 'Gabinete Lian Li Lancool 216 ARGB', 'Lian Li'),
  ('gabinete-sentey-gs-6400', 'Gabinete Sentey GS-6400 Arcadia Vidrio Templado', 'Sentey'),
  ('cafetera-oster-prima-latte', 'Cafetera Espresso Oster Prima Latte BVSTEM6603 15 Bar', 'Oster'),
  ('cafetera-philips-hd7447', 'Cafetera de Filtro Philips HD7447 1.2 L', 'Philips'),
  ('cafetera-nespresso-essenza-mini', 'Cafetera Nespresso Essenza Mini C30 de Cápsulas', 'Nespresso'),
  ('cafetera-dolce-gusto-genio-s-plus', 'Cafetera Nescafé Dolce Gusto Genio S Plus', 'Dolce Gusto'),
  ('cafetera-philips-ep2220', 'Cafetera Automática Philips Serie 2200 EP2220 con Molinillo', 'Philips'),
  ('cafetera-atma-express-ca8143', 'Cafetera Atma Express CA8143 20 Bar', 'Atma'),
  ('silla-gamer-corsair-t3-rush', 'Silla Gamer Corsair T3 Rush Tela Transpirable', 'Corsair'),
  ('silla-gamer-redragon-coeus', 'Silla Gamer Redragon Coeus C201 Reclinable', 'Redragon'),
  ('silla-oficina-ergonomica-mesh', 'Silla de Oficina Ergonómica Mesh con Apoyo Lumbar', 'Vitec'),
  ('silla-gamer-cougar-armor-one', 'Silla Gamer Cougar Armor One Negra y Naranja', 'Cougar'),
  ('silla-ejecutiva-baires4-alta', 'Silla Ejecutiva Baires4 Alta Cuero Sintético', 'Baires4'),
  ('mochila-targus-classic-15', 'Mochila Targus Classic para Notebook 15.6"', 'Targus'),
  ('mochila-samsonite-guardit-2', 'Mochila Samsonite Guardit 2.0 para Notebook 15.6"', 'Samsonite'),
  ('mochila-lenovo-b210', 'Mochila Lenovo B210 Casual 15.6"', 'Lenovo'),
  ('mochila-asus-rog-ranger-bp1500', 'Mochila Gamer Asus ROG Ranger BP1500', 'Asus'),
  ('mochila-hp-prelude-pro', 'Mochila HP Prelude Pro 15.6" con Puerto USB', 'HP'),
  ('mouse-logitech-g305', 'Mouse Gamer Inalámbrico Logitech G305 Lightspeed', 'Logitech'),
  ('mouse-logitech-m170', 'Mouse Inalámbrico Logitech M170', 'Logitech'),
  ('mouse-redragon-cobra-m711', 'Mouse Gamer Redragon Cobra M711 RGB 10000 DPI', 'Redragon'),
  ('mouse-logitech-mx-anywhere-3s', 'Mouse Inalámbrico Logitech MX Anywhere 3S', 'Logitech'),
  ('mouse-razer-deathadder-essential', 'Mouse Gamer Razer DeathAdder Essential', 'Razer'),
  ('mouse-vertical-logitech-lift', 'Mouse Vertical Ergonómico Logitech Lift', 'Logitech'),
  ('mouse-hp-x200', 'Mouse Inalámbrico HP X200', 'HP'),
  ('teclado-redragon-kumara-k552', 'Teclado Mecánico Redragon Kumara K552 RGB Español', 'Redragon'),
  ('teclado-logitech-k380', 'Teclado Inalámbrico Logitech K380 Bluetooth Multidispositivo', 'Logitech'),
  ('combo-teclado-mouse-logitech-mk270', 'Combo Teclado y Mouse Inalámbrico Logitech MK270', 'Logitech'),
  ('teclado-hyperx-alloy-origins-core', 'Teclado Mecánico HyperX Alloy Origins Core TKL', 'HyperX'),
  ('teclado-logitech-g-pro-x-tkl', 'Teclado Mecánico Logitech G Pro X TKL Lightspeed', 'Logitech'),
  ('teclado-genius-kb-110', 'Teclado Genius KB-110 USB Español', 'Genius'),
  ('teclado-redragon-fizz-k617', 'Teclado Mecánico Redragon Fizz K617 60% RGB', 'Redragon')
) AS d(slug, name, brand)
WHERE p."brand" IS NULL AND p."slug" = d.slug AND p."name" = d.name;
