import { Text, View } from '@tarojs/components';

export default function Index() {
  return (
    <View className='index'>
      <Text>Hello world!</Text>
    </View>
  );
}
