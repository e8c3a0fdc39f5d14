// Being written (issue [4/8]).
export default function Page() {
  return null;
}
