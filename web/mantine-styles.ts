/**
 * Mantine's styles, only for the components Lodgehall uses (issue 8 §3, D23): the whole
 * @mantine/core/styles.css is 255 KB, most of it for components no screen shows. Imported once,
 * first, by main.tsx, so every screen has them in one render-blocking file and the order of the
 * sheets never changes.
 *
 * A screen that starts using another @mantine/core component adds its file here, and the
 * files of the parts it is built on (https://mantine.dev/styles/css-files-list):
 * web/mantine-styles.test.ts follows Mantine's modules and fails, naming them, until it does. The editor's extra needs stay in its own
 * lazy chunk (web/components/editor/RichTextBodyEditor.tsx).
 */

// Mantine's base: reset, CSS variables, global rules.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';

// The pieces Mantine's own components are built on (its documented list of shared styles).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/ActionIcon.css';
// Before Anchor, which is a Text: Text's `text-decoration: none` after Anchor's rule of the same
// weight took every link's underline away.
import '@mantine/core/styles/Text.css';

// The components the screens use, and the parts they are built from or carry (NativeSelect's
// chevron is Combobox's; Radio and Checkbox bring their Card and Indicator).
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
