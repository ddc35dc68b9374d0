// Icons are imported one module each (`@ant-design/icons/es/icons/UserOutlined`), not from the
// package's index: a module that imports the index makes the bundler load every icon any chunk
// uses (those of Tree, Upload, Image, …) with the first screen. The package types those modules
// only under lib/; each is the same component type.
declare module '@ant-design/icons/es/icons/*' {
  const Icon: typeof import('@ant-design/icons/lib/icons/UserOutlined').default;
  export default Icon;
}
