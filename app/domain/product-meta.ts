// The shape of products.meta (spec section 3). Every field is optional.

export type ProductOption = { name: string; price?: number | null; image_url?: string | null };
export type OptionGroup = { title: string; options: ProductOption[] };
export type FinancingPlan = { name: string; interest_rate: number };
export type Review = { rating: number; text: string; author: string };

export type ProductMeta = {
  option_groups?: OptionGroup[];
  financing_plans?: FinancingPlan[];
  price_legend?: string;
  description_html?: string;
  extra_info?: Record<string, string>;
  gallery_images?: string[];
  reviews?: Review[];
  videos?: string[];
};
