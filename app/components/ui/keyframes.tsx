// Keyframes used by the shell's animations (sheet, toast, ticker). React 19 hoists this <style>
// into <head> once, however many components render it.
const CSS = `
@keyframes vitec-fade-in { from { opacity: 0 } to { opacity: 1 } }
@keyframes vitec-fade-out { from { opacity: 1 } to { opacity: 0 } }
@keyframes vitec-slide-in-right { from { transform: translateX(100%) } to { transform: translateX(0) } }
@keyframes vitec-slide-out-right { from { transform: translateX(0) } to { transform: translateX(100%) } }
@keyframes vitec-slide-in-left { from { transform: translateX(-100%) } to { transform: translateX(0) } }
@keyframes vitec-slide-out-left { from { transform: translateX(0) } to { transform: translateX(-100%) } }
@keyframes vitec-toast-in { from { transform: translateY(-0.75rem); opacity: 0 } to { transform: translateY(0); opacity: 1 } }
@keyframes vitec-toast-swipe-out {
  from { transform: translateX(var(--radix-toast-swipe-end-x)) }
  to { transform: translateX(calc(100% + 1rem)) }
}
@keyframes vitec-ticker { from { transform: translateX(0) } to { transform: translateX(-50%) } }
`;

export function Keyframes() {
  return (
    <style href="vitec-keyframes" precedence="default">
      {CSS}
    </style>
  );
}
