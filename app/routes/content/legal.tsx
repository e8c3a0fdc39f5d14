// Being written (issue [3/8]).
export default function Page() {
  return null;
}
