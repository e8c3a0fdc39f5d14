import { Link, useLoaderData } from "react-router";

export function loader() {
  return { products: 1 };
}

export default function Home() {
  const { products } = useLoaderData<typeof loader>();
  return <Link to="/">{products}</Link>;
}
