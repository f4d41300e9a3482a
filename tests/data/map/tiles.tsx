<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="64" tileheight="32" spacing="2" margin="1" tilecount="8" columns="4">
 <tileoffset x="0" y="4"/>
 <grid orientation="isometric" width="64" height="32"/>
 <properties>
  <property name="author" value="IsoStar tests"/>
 </properties>
 <image source="../images/terrain.png" width="264" height="68"/>
 <tile id="0" type="grass">
  <properties>
   <property name="terrain" value="grass"/>
  </properties>
 </tile>
 <tile id="2" type="snow" probability="0.5">
  <properties>
   <property name="terrain" value="snow"/>
   <property name="cost" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="5">
  <animation>
   <frame tileid="5" duration="100"/>
   <frame tileid="6" duration="250"/>
  </animation>
 </tile>
 <wangsets>
  <wangset name="ground" type="corner" tile="0">
   <wangcolor name="grass" color="#00ff00" tile="0" probability="1"/>
   <wangcolor name="snow" color="#ffffff" tile="2" probability="0.5"/>
   <wangtile tileid="0" wangid="0,1,0,1,0,1,0,1"/>
   <wangtile tileid="2" wangid="0,2,0,2,0,2,0,2"/>
   <wangtile tileid="3" wangid="0,1,0,2,0,1,0,1"/>
  </wangset>
 </wangsets>
</tileset>
